import { ApiError } from '../api/errors';
import { MESSAGES } from './strings';

interface ErrorDisplayProps {
  /** An ApiError, a message or a list of messages; anything else shows the generic message. */
  error: unknown;
  title?: string;
}

/** The one way the app shows a failed request: nothing when there is no error. */
export function ErrorDisplay({ error, title = MESSAGES.defaultAlertTitle }: ErrorDisplayProps) {
  if (error === null || error === undefined) return null;
  const messages = errorMessages(error);
  return (
    <div className="alert alert-error" role="alert">
      <p className="alert-title">{title}</p>
      <p>{MESSAGES.formErrorsHeading}</p>
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        <ul>
          {messages.map((message, index) => (
            <li key={index}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function errorMessages(error: unknown): string[] {
  if (error instanceof ApiError) return error.messages;
  if (typeof error === 'string') return [error];
  if (isMessageList(error)) return error;
  // Other errors are bugs: their text means nothing to the person using the page.
  return [MESSAGES.unrecognisedError];
}

function isMessageList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string');
}
