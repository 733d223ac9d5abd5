/** The log's pieces other screens use (the sale page, overdue sales, customers, templates); kept apart from index.ts so
 * that the menu's resource object does not pull them into the first download. */
export { LogDetails, SenderName, When } from './LogDetails';
export { MessageStatusChip } from './MessageStatusChip';
export { NotifyDialog, sentNotice } from './NotifyDialog';
export { ResendButton } from './ResendButton';
export { SmsLengthNote } from './SmsLengthNote';
