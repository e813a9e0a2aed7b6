/**
 * Receives byggdok's webhooks: checks each request's signature with the secret the registration answered, answers
 * 2xx at once (work is done after the answer: byggdok waits 10 s at most and retries otherwise), and skips an event
 * seen before (a retry carries the same webhook-id).
 *
 *   BYGGDOK_WEBHOOK_SECRET=whsec_... PORT=8080 npx tsx webhook-receiver.ts
 *
 * Register it (once) with the SDK: client.webhooks.create({ url: 'https://erp.example.no/byggdok', events: [...] }).
 */
import { createServer } from 'node:http';
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from '@byggdok/sdk';

const secret = process.env.BYGGDOK_WEBHOOK_SECRET;
if (!secret) throw new Error('set BYGGDOK_WEBHOOK_SECRET to the secret the registration answered');
/** event ids already handled; a real receiver keeps these in its database */
const seen = new Set<string>();

function handle(event: WebhookEvent): void {
  const data = event.data as Record<string, string>;
  if (event.type === 'document.processed') console.log(`processed: ${data.filename} (${data.document_id})`);
  else if (event.type === 'document.failed') console.log(`failed: ${data.filename}: ${data.reason}`);
  else if (event.type === 'delivery.approved') console.log(`approved: ${data.information_type} of ${data.delivery_id}`);
  else console.log(`${event.type}: ${JSON.stringify(event.data)}`);
}

createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    // the raw bytes, exactly as sent: a re-serialised object would not match the signature
    const body = Buffer.concat(chunks).toString('utf8');
    verifyWebhook(secret, request.headers, body)
      .then((event) => {
        response.writeHead(204).end();
        const id = String(request.headers['webhook-id']);
        if (seen.has(id)) return;
        seen.add(id);
        handle(event);
      })
      .catch((error: unknown) => {
        if (error instanceof WebhookVerificationError) response.writeHead(400).end(error.message);
        else response.writeHead(500).end();
      });
  });
}).listen(Number(process.env.PORT ?? 8080));
