/** Browser entry: mounts the app with every catalog game. `?aiDelay=0` makes the computer instant. */
import { render } from 'preact';
import { browserGames } from './entries.ts';
import { workerComputer } from './computer.ts';
import { App } from './ui/App.tsx';
import './styles.css';

const params = new URLSearchParams(location.search);
const delay = Number(params.get('aiDelay') ?? 150);
const computer = workerComputer(
  () => new Worker(new URL('./ai-worker.ts', import.meta.url), { type: 'module' }) as never,
);
render(
  <App games={browserGames} aiDelayMs={Number.isFinite(delay) ? delay : 150} computer={computer} />,
  document.getElementById('app')!,
);
