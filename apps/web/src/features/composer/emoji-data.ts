// A compact emoji list for the composer's picker (loaded with the picker only): [emoji, lower-case name] by
// group, from the Unicode names of common emoji.

/** One emoji and its Unicode name. */
export interface EmojiEntry {
  emoji: string;
  name: string;
}

const GROUPS: Record<string, string> = {
  smileys:
    '😀 grinning face\n😁 grinning face with smiling eyes\n😂 face with tears of joy\n😃 smiling face with open mouth\n😄 smiling face with open mouth and smiling eyes\n😅 smiling face with open mouth and cold sweat\n😆 smiling face with open mouth and tightly-closed eyes\n😇 smiling face with halo\n😈 smiling face with horns\n😉 winking face\n😊 smiling face with smiling eyes\n😋 face savouring delicious food\n😌 relieved face\n😍 smiling face with heart-shaped eyes\n😎 smiling face with sunglasses\n😏 smirking face\n😐 neutral face\n😑 expressionless face\n😒 unamused face\n😓 face with cold sweat\n😔 pensive face\n😕 confused face\n😖 confounded face\n😗 kissing face\n😘 face throwing a kiss\n😙 kissing face with smiling eyes\n😚 kissing face with closed eyes\n😛 face with stuck-out tongue\n😜 face with stuck-out tongue and winking eye\n😝 face with stuck-out tongue and tightly-closed eyes\n😞 disappointed face\n😟 worried face\n😠 angry face\n😡 pouting face\n😢 crying face\n😣 persevering face\n😤 face with look of triumph\n😥 disappointed but relieved face\n😦 frowning face with open mouth\n😧 anguished face\n😨 fearful face\n😩 weary face\n😪 sleepy face\n😫 tired face\n😬 grimacing face\n😭 loudly crying face\n😮 face with open mouth\n😯 hushed face\n😰 face with open mouth and cold sweat\n😱 face screaming in fear\n😲 astonished face\n😳 flushed face\n😴 sleeping face\n😵 dizzy face\n😶 face without mouth\n😷 face with medical mask\n😸 grinning cat face with smiling eyes\n😹 cat face with tears of joy\n😺 smiling cat face with open mouth\n😻 smiling cat face with heart-shaped eyes\n😼 cat face with wry smile\n😽 kissing cat face with closed eyes\n😾 pouting cat face\n😿 crying cat face\n🙀 weary cat face\n🙁 slightly frowning face\n🙂 slightly smiling face\n🙃 upside-down face\n🙄 face with rolling eyes\n🙅 face with no good gesture\n🙆 face with ok gesture\n🙇 person bowing deeply\n🙈 see-no-evil monkey\n🙉 hear-no-evil monkey\n🙊 speak-no-evil monkey\n🙋 happy person raising one hand\n🙌 person raising both hands in celebration\n🙍 person frowning\n🙎 person with pouting face\n🙏 person with folded hands\n🤐 zipper-mouth face\n🤑 money-mouth face\n🤒 face with thermometer\n🤓 nerd face\n🤔 thinking face\n🤕 face with head-bandage\n🤖 robot face\n🤗 hugging face\n🤘 sign of the horns\n🤙 call me hand\n🤚 raised back of hand\n🤛 left-facing fist\n🤜 right-facing fist\n🤝 handshake\n🤞 hand with index and middle fingers crossed\n🤟 i love you hand sign\n🤠 face with cowboy hat\n🤡 clown face\n🤢 nauseated face\n🤣 rolling on the floor laughing\n🤤 drooling face\n🤥 lying face\n🤦 face palm\n🤧 sneezing face\n🤨 face with one eyebrow raised\n🤩 grinning face with star eyes\n🤪 grinning face with one large and one small eye\n🤫 face with finger covering closed lips\n🤬 serious face with symbols covering mouth\n🤭 smiling face with smiling eyes and hand covering mouth\n🤮 face with open mouth vomiting\n🤯 shocked face with exploding head\n🥰 smiling face with smiling eyes and three hearts\n🥱 yawning face\n🥲 smiling face with tear\n🥳 face with party horn and party hat\n🥴 face with uneven eyes and wavy mouth\n🥵 overheated face\n🥶 freezing face\n🥺 face with pleading eyes',
  people:
    '👊 fisted hand sign\n👋 waving hand sign\n👌 ok hand sign\n👍 thumbs up sign\n👎 thumbs down sign\n👏 clapping hands sign\n👐 open hands sign\n✌️ victory hand\n💪 flexed biceps\n👀 eyes\n🧠 brain',
  hearts:
    '❤️ heavy black heart\n🧡 orange heart\n💛 yellow heart\n💚 green heart\n💙 blue heart\n💜 purple heart\n🖤 black heart\n🤍 white heart\n🤎 brown heart\n💓 beating heart\n💔 broken heart\n💕 two hearts\n💖 sparkling heart\n💗 growing heart\n💘 heart with arrow\n💝 heart with ribbon\n💞 revolving hearts\n💟 heart decoration',
  nature:
    '🐀 rat\n🐁 mouse\n🐂 ox\n🐃 water buffalo\n🐄 cow\n🐅 tiger\n🐆 leopard\n🐇 rabbit\n🐈 cat\n🐉 dragon\n🐊 crocodile\n🐋 whale\n🐌 snail\n🐍 snake\n🐎 horse\n🐏 ram\n🐐 goat\n🐑 sheep\n🐒 monkey\n🐓 rooster\n🐔 chicken\n🐕 dog\n🐖 pig\n🐗 boar\n🐘 elephant\n🐙 octopus\n🐚 spiral shell\n🐛 bug\n🐜 ant\n🐝 honeybee\n🐞 lady beetle\n🐟 fish\n🐠 tropical fish\n🐡 blowfish\n🐢 turtle\n🐣 hatching chick\n🐤 baby chick\n🐥 front-facing baby chick\n🐦 bird\n🐧 penguin\n🐨 koala\n🐩 poodle\n🐪 dromedary camel\n🐫 bactrian camel\n🐬 dolphin\n🐭 mouse face\n🐮 cow face\n🐯 tiger face\n🐰 rabbit face\n🐱 cat face\n🐲 dragon face\n🐳 spouting whale\n🐴 horse face\n🐵 monkey face\n🐶 dog face\n🐷 pig face\n🐸 frog face\n🐹 hamster face\n🐺 wolf face\n🐻 bear face\n🐼 panda face\n🐽 pig nose\n🐾 paw prints\n🌱 seedling\n🌲 evergreen tree\n🌳 deciduous tree\n🌵 cactus\n🌷 tulip\n🌸 cherry blossom\n🌹 rose\n🌺 hibiscus\n🌻 sunflower\n🌼 blossom\n🍀 four leaf clover\n🍁 maple leaf\n🍂 fallen leaf\n🌈 rainbow\n☀️ black sun with rays\n🌙 crescent moon\n⭐️ white medium star\n🌟 glowing star\n🌊 water wave\n❄️ snowflake\n🔥 fire\n⚡️ high voltage sign',
  food: '🍅 tomato\n🍆 aubergine\n🍇 grapes\n🍈 melon\n🍉 watermelon\n🍊 tangerine\n🍋 lemon\n🍌 banana\n🍍 pineapple\n🍎 red apple\n🍏 green apple\n🍐 pear\n🍑 peach\n🍒 cherries\n🍓 strawberry\n🍔 hamburger\n🍕 slice of pizza\n🍖 meat on bone\n🍗 poultry leg\n🍘 rice cracker\n🍙 rice ball\n🍚 cooked rice\n🍛 curry and rice\n🍜 steaming bowl\n🍝 spaghetti\n🍞 bread\n🍟 french fries\n🍠 roasted sweet potato\n🍡 dango\n🍢 oden\n🍣 sushi\n🍤 fried shrimp\n🍥 fish cake with swirl design\n🍦 soft ice cream\n🍧 shaved ice\n🍨 ice cream\n🍩 doughnut\n🍪 cookie\n🍫 chocolate bar\n🍬 candy\n🍭 lollipop\n🍮 custard\n🍯 honey pot\n🍰 shortcake\n🍱 bento box\n🍲 pot of food\n🍳 cooking\n🍴 fork and knife\n🍵 teacup without handle\n🍶 sake bottle and cup\n🍷 wine glass\n🍸 cocktail glass\n🍹 tropical drink\n🍺 beer mug\n🍻 clinking beer mugs\n🍼 baby bottle',
  activity:
    '🎉 party popper\n🎊 confetti ball\n🎁 wrapped present\n🎈 balloon\n🏆 trophy\n🏅 sports medal\n⚽️ soccer ball\n🏀 basketball and hoop\n🏈 american football\n⚾️ baseball\n🎾 tennis racquet and ball\n🎮 video game\n🎲 game die\n🎯 direct hit\n🎵 musical note\n🎶 multiple musical notes\n🎤 microphone\n🎧 headphone\n🎸 guitar\n🎹 musical keyboard',
  objects:
    '🚀 rocket\n✈️ airplane\n🚗 automobile\n🚲 bicycle\n🏠 house building\n💻 personal computer\n📱 mobile phone\n📷 camera\n💡 electric light bulb\n📚 books\n✏️ pencil\n📝 memo\n💰 money bag\n💸 money with wings\n🔑 key\n🔒 lock\n🔔 bell\n📢 public address loudspeaker\n⏰️ alarm clock\n⌛️ hourglass\n🔍 left-pointing magnifying glass\n🛠 hammer and wrench\n💎 gem stone\n👑 crown',
  symbols:
    '💯 hundred points symbol\n✅️ white heavy check mark\n❌️ cross mark\n❓️ black question mark ornament\n❗️ heavy exclamation mark symbol\n💥 collision symbol\n💢 anger symbol\n💤 sleeping symbol\n💬 speech balloon\n💭 thought balloon\n✨️ sparkles\n🆕 squared new\n🆙 squared up with exclamation mark\n🆒 squared cool\n♻️ black universal recycling symbol\n☢️ radioactive sign\n☮️ peace symbol\n☯️ yin yang\n⚕️ staff of aesculapius\n♾️ permanent paper sign\n🏳 waving white flag\n🏴 waving black flag\n🚩 triangular flag on post',
};

/** Every emoji of the picker, group by group. */
export const EMOJI: readonly EmojiEntry[] = Object.values(GROUPS).flatMap((lines) =>
  lines.split('\n').map((line) => {
    const space = line.indexOf(' ');
    return { emoji: line.slice(0, space), name: line.slice(space + 1) };
  }),
);

/** The emoji whose name contains every word of `query` (all of them for an empty query). */
export function searchEmoji(query: string): EmojiEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...EMOJI];
  return EMOJI.filter((entry) => words.every((word) => entry.name.includes(word)));
}
