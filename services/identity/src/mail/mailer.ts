// The platform's e-mail port; identity's config declares MAIL_API_URL, MAIL_API_TOKEN and MAIL_FROM.
export { Mailer, type Email } from '@tourly/platform';
