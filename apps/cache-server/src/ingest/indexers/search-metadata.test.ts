import { describe, expect, it } from 'vitest';
import { searchMetadataOf } from './search-metadata.ts';
import { guessLanguage, guessSentiment, normalizeLanguage } from './text-signals.ts';

describe('language guess', () => {
  it('names Latin-script languages by their stop words', () => {
    expect(guessLanguage('This is the best thing that happened to me')).toBe('en');
    expect(guessLanguage('El perro de la casa es muy grande y bonito')).toBe('es');
    expect(guessLanguage('Le chat est dans la maison avec les enfants')).toBe('fr');
    expect(guessLanguage('Der Hund ist nicht in dem Haus und ich auch nicht')).toBe('de');
  });

  it('names languages of their own script', () => {
    expect(guessLanguage('これは日本語のテキストです')).toBe('ja');
    expect(guessLanguage('Привет, как дела у тебя сегодня')).toBe('ru');
    expect(guessLanguage('안녕하세요 반갑습니다')).toBe('ko');
  });

  it('says nothing when the text says too little', () => {
    expect(guessLanguage('gm')).toBe('');
    expect(guessLanguage('https://example.com/the/and/is')).toBe('');
    expect(guessLanguage('🤙🤙')).toBe('');
  });

  it('reads 2- and 3-letter query codes', () => {
    expect(normalizeLanguage('EN')).toBe('en');
    expect(normalizeLanguage('fra')).toBe('fr');
    expect(normalizeLanguage('deu')).toBe('de');
    expect(normalizeLanguage('xx')).toBeUndefined();
  });
});

describe('sentiment guess', () => {
  it('finds questions, positive, negative and neutral texts', () => {
    expect(guessSentiment('Is this good?')).toBe('question');
    expect(guessSentiment('What a great day :)')).toBe('positive');
    expect(guessSentiment('I hate this, terrible 😡')).toBe('negative');
    expect(guessSentiment('The train leaves at noon')).toBe('neutral');
    expect(guessSentiment('Meeting at 10:Daily standup')).toBe('neutral');
  });
});

describe('search metadata of a note', () => {
  it('classifies URLs into filters and splits link URLs into words', () => {
    const meta = searchMetadataOf({
      kind: 1,
      tags: [],
      content:
        'see https://cdn.example.com/a.jpg and https://tunes.example.org/song.mp3?x=1 at https://news.site/item?id=7',
    });
    expect(meta?.filters).toBe(' image audio link ');
    expect(meta?.url_words).toBe(' https news site item id 7 ');
  });

  it('reads media shape from imeta and media kinds', () => {
    const meta = searchMetadataOf({
      kind: 34236,
      content: '',
      tags: [['imeta', 'url https://v.example.com/clip', 'm video/mp4', 'dim 720x1280', 'duration 29.6']],
    });
    expect(meta).toMatchObject({ filters: ' video ', width: 720, height: 1280, duration: 30 });
  });

  it('leaves out kinds the search index does not hold', () => {
    expect(searchMetadataOf({ kind: 7, content: '+', tags: [] })).toBeNull();
  });
});
