/**
 * The baseline of `npm run bench:server`: a bare Koa hello-world, nothing else, on loopback at
 * PORT. Run as its own process (`node --import tsx bench/bare-koa.ts`), as the real server is.
 */
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = 'Hello World';
});
app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
