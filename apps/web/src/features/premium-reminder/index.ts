/** The premium reminder: a dismissible invitation to Premium for signed-in users who are not members. */
export { PremiumReminderSlot } from './premium-reminder-slot.tsx';
export {
  PREMIUM_REMINDER_INTERVAL_MS,
  readPremiumReminder,
  reminderDue,
  savePremiumReminder,
} from './reminder-record.ts';
