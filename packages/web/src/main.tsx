/** Browser entry: mounts the app with every catalog game. `?aiDelay=0` makes the computer instant. */
import { render } from 'preact';
import { gameEntries } from './games/index.ts';
import { App } from './ui/App.tsx';
import './styles.css';

const params = new URLSearchParams(location.search);
const delay = Number(params.get('aiDelay') ?? 400);
render(<App entries={gameEntries()} aiDelayMs={Number.isFinite(delay) ? delay : 400} />, document.getElementById('app')!);
