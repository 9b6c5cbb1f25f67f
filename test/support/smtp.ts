import PostalMime, { Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { AddressInfo, createServer, Socket } from 'node:net';

/** A real SMTP server on loopback that keeps what it receives, parsed. */
export class TestSmtpServer {
  readonly messages: Email[] = [];
  /** Recipients the server refuses (to test delivery failures). */
  readonly refuse = new Set<string>();
  /** Recipients the server turns away for now (451: try again later). */
  readonly defer = new Set<string>();
  private server!: SMTPServer;
  private waiters: (() => void)[] = [];

  /** On a free loopback port, or on `port` (to stand in for another server there). */
  static async start(port = 0): Promise<TestSmtpServer> {
    const smtp = new TestSmtpServer();
    smtp.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (smtp.refuse.has(address.address.toLowerCase())) {
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          return callback(error);
        }
        if (smtp.defer.has(address.address.toLowerCase())) {
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        }
        callback();
      },
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          smtp.messages.push(await PostalMime.parse(Buffer.concat(chunks)));
          smtp.waiters.splice(0).forEach((wake) => wake());
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.server.listen(port, '127.0.0.1', resolve));
    return smtp;
  }

  /** SMTP_URL for the app: plain SMTP on loopback. */
  get url(): string {
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}/?ignoreTLS=true`;
  }

  /** The messages sent to one address. */
  to(address: string): Email[] {
    return this.messages.filter((message) => message.to?.some((to) => to.address?.toLowerCase() === address.toLowerCase()));
  }

  /** Waits for the next message to an address and returns it. */
  async waitFor(address: string, count = 1, timeoutMs = 5000): Promise<Email> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(address).length < count) {
      if (Date.now() > deadline) throw new Error(`No e-mail #${count} to ${address} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return this.to(address)[count - 1];
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A mail server that accepts connections and never says a word (not even its greeting): a hung SMTP server. */
export class SilentSmtpServer {
  private readonly sockets = new Set<Socket>();
  private readonly server = createServer((socket) => {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
  });
  connections = 0;

  static async start(): Promise<SilentSmtpServer> {
    const silent = new SilentSmtpServer();
    silent.server.on('connection', () => silent.connections++);
    await new Promise<void>((resolve) => silent.server.listen(0, '127.0.0.1', resolve));
    return silent;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}/?ignoreTLS=true`;
  }

  stop(): Promise<void> {
    this.sockets.forEach((socket) => socket.destroy());
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The first link in a message's text part that contains the given path. */
export function linkIn(message: Email, path: string): string {
  const match = (message.text ?? '').match(new RegExp(`https?://\\S*${path.replace(/[?]/g, '\\?')}\\S*`));
  if (!match) throw new Error(`No link with ${path} in:\n${message.text}`);
  return match[0];
}
