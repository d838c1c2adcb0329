/**
 * Posts one push message. The `web-push` library makes the request (the RFC 8291 aes128gcm body
 * encrypted to the subscription's keys, the VAPID Authorization header, TTL and Urgency) with
 * generateRequestDetails; this module sends it itself rather than with sendNotification, because
 * the request must go through guardedLookup (a public name that resolves to a private address is
 * refused at connect time) and, for tests only, over plain HTTP to 127.0.0.1, neither of which
 * sendNotification allows.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webPush from 'web-push';
import { guardedLookup, type EndpointPolicy } from './push-endpoint.ts';

export interface PushTarget {
  endpoint: URL;
  p256dh: string;
  auth: string;
}

export interface PushSender {
  publicKey: string;
  privateKey: string;
  subject: string;
  policy: EndpointPolicy;
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
  return post(target.endpoint, details, sender.policy);
}

function post(url: URL, details: webPush.RequestDetails, policy: EndpointPolicy): Promise<SendOutcome> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: details.headers as Record<string, string | number>,
        lookup: guardedLookup(policy),
        timeout: TIMEOUT_MS,
      },
      (res: IncomingMessage) => {
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (answer.length < ANSWER_MAX) answer += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? null, error: `HTTP ${res.statusCode} ${answer}` }));
        res.on('error', (error) => resolve({ status: null, error: error.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', (error) => resolve({ status: null, error: error.message }));
    req.end(details.body ?? undefined);
  });
}
