import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  url: string;
  messages: ParsedMail[];
  /** resolves with the first message to this address whose subject matches, once it has arrived */
  waitForMail(to: string, subject?: RegExp, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

function addressedTo(mail: ParsedMail, address: string): boolean {
  const groups = mail.to ? (Array.isArray(mail.to) ? mail.to : [mail.to]) : [];
  return groups.some((group) => group.value.some((entry) => entry.address?.toLowerCase() === address.toLowerCase()));
}

/**
 * A real SMTP server on a free loopback port, as a company's mail relay: every message is parsed (MIME, both parts).
 * `rejectRecipients`: every RCPT TO is refused with 550, as a relay that will not take the mail.
 */
export async function startTestSmtpServer(options: { rejectRecipients?: boolean } = {}): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients) {
        const error = Object.assign(new Error(`Mailbox unavailable: ${address.address}`), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(parsed);
          for (const wake of waiting.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP server has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    async waitForMail(to, subject, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((mail) => addressedTo(mail, to) && (!subject || subject.test(mail.subject ?? '')));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** the mail settings of a test service that sends through this server (never into an outbox) */
export function smtpMailSettings(smtp: Pick<TestSmtpServer, 'url'>) {
  return { smtpUrl: smtp.url, from: 'byggdok <no-reply@byggdok.test>', outboxDir: '/nonexistent' };
}
