import { startEmulators, type RunningEmulators } from '@tourly/emulators';

describe('mail emulator (Postmark-shaped)', () => {
  let emulators: RunningEmulators;

  beforeAll(async () => {
    emulators = await startEmulators({ port: 0 });
  });
  afterAll(() => emulators.close());

  const send = (body: object, token = 'server-token') =>
    fetch(`${emulators.url}/mail/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-postmark-server-token': token },
      body: JSON.stringify(body),
    });

  it('accepts an email and shows it in the mailbox of its recipient, newest first', async () => {
    const first = await send({
      From: 'no-reply@tourly.test',
      To: 'Ada@Example.com',
      Subject: 'One',
      TextBody: 'first',
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ To: 'ada@example.com', ErrorCode: 0, Message: 'OK' });
    await send({ From: 'no-reply@tourly.test', To: 'ada@example.com', Subject: 'Two', TextBody: 'second' });
    await send({ From: 'no-reply@tourly.test', To: 'bob@example.com', Subject: 'Other', TextBody: 'x' });
    const mailbox = (await (await fetch(`${emulators.url}/mail/_messages?to=ada@example.com`)).json()) as {
      messages: Array<{ subject: string }>;
    };
    expect(mailbox.messages.map((m) => m.subject)).toEqual(['Two', 'One']);
  });

  it('refuses a request without a server token or a recipient, like Postmark', async () => {
    expect((await send({ From: 'a@b.co', To: 'c@d.co' }, '')).status).toBe(401);
    expect((await send({ From: 'a@b.co' })).status).toBe(422);
  });
});
