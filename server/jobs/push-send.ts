/**
 * Posts one push message. The `web-push` library makes the request (the RFC 8291 aes128gcm body
 * encrypted to the subscription's keys, the VAPID Authorization header, TTL and Urgency) with
 * generateRequestDetails; this module sends it itself rather than with sendNotification, because
 * the request must go through the outbound guard (server/net/outbound.ts: HTTPS to a public address,
 * pinned, a name that resolves to a private address refused at connect time; plain HTTP to
 * 127.0.0.1 under the loopback test setting), which sendNotification cannot.
 */
import webPush from 'web-push';
import type { Outbound } from '../net/outbound.ts';

export interface PushTarget {
  endpoint: URL;
  p256dh: string;
  auth: string;
}

export interface PushSender {
  publicKey: string;
  privateKey: string;
  subject: string;
  outbound: Outbound;
}

/** How long a push service may keep a message for an offline device. */
const TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;
/** Of a push service's answer, only this much is read (for the error). */
const ANSWER_MAX = 2_000;

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

/** The push service's HTTP status, or null when no answer came (network, timeout, refused address). */
export interface SendOutcome {
  status: number | null;
  error: string;
}

/** Sends the payload; resolves with the outcome, never rejects. */
export async function sendPush(target: PushTarget, payload: string, sender: PushSender, urgency: Urgency) {
  let details: webPush.RequestDetails;
  try {
    details = webPush.generateRequestDetails(
      { endpoint: target.endpoint.href, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: { subject: sender.subject, publicKey: sender.publicKey, privateKey: sender.privateKey },
        TTL: TTL_SECONDS,
        urgency,
      },
    );
  } catch (error) {
    // Keys the library cannot use (a subscription stored with a malformed key): no retry helps.
    return { status: 400, error: `bad subscription: ${(error as Error).message}` } satisfies SendOutcome;
  }
  return post(target.endpoint, details, sender.outbound);
}

async function post(url: URL, details: webPush.RequestDetails, outbound: Outbound): Promise<SendOutcome> {
  try {
    const answer = await outbound.request(url, {
      method: 'POST',
      headers: details.headers,
      body: details.body ?? undefined,
      httpsOnly: true,
      timeoutMs: TIMEOUT_MS,
      maxBytes: ANSWER_MAX,
      cut: true,
    });
    return { status: answer.status, error: `HTTP ${answer.status} ${answer.body.toString('utf8')}` };
  } catch (error) {
    return { status: null, error: (error as Error).message };
  }
}
