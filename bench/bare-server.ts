/**
 * The ceiling of the server figures: a bare Fastify JSON route (GET /bare) with the real server's
 * logger options, so the difference to the product calls is the protocol, the calls and the store.
 * Started as a child process by bench/server-load.ts on PORT.
 */
import Fastify from 'fastify';
import { loadConfig } from '../server/config.ts';
import { loggerOptions } from '../server/logging/logging.ts';

const app = Fastify({ logger: loggerOptions(loadConfig()) });
app.get('/bare', async () => ({ code: 0, msg: '成功', data: { ok: true } }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
