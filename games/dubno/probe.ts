import { env } from './src/index.ts';
import { adjacent, riverBetween, terrainAt } from './src/board.ts';
for (const h of process.argv.slice(2)) {
  console.log(
    h,
    terrainAt(env, h).id,
    env.place[h] ?? '',
    'road',
    env.onRoad[env.grid.hex(h)],
    adjacent(env, h)
      .map(
        (n) =>
          `${n}:${terrainAt(env, n).id[0]}${riverBetween(env, h, n).kind ? '~' + riverBetween(env, h, n).kind + (riverBetween(env, h, n).bridge ? 'B' : '') : ''}${env.grid.hexsideBetween(env.grid.hex(h), env.grid.hex(n)) & 8 ? 'R' : ''}`,
      )
      .join(' '),
  );
}
