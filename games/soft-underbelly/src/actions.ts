/** Soft Underbelly actions: small steps, areas and counters named by their data ids. */
import type { EventId, Side } from './data/types.ts';

export type SUAction =
  | { type: 'pass' }
  | { type: 'done' }
  | { type: 'deployDefault' }
  | { type: 'pick'; unit: string }
  | { type: 'deploy'; area: string }
  | { type: 'initiative'; first: Side }
  | { type: 'removeFleet'; id: string }
  | { type: 'place'; area: string }
  | { type: 'convert'; area: string; id: string; to?: string }
  | { type: 'select'; area: string }
  | { type: 'selectAir'; id: string }
  | { type: 'add'; unit: string }
  | { type: 'step'; to: string }
  | { type: 'ship'; to: string }
  | { type: 'stop' }
  | { type: 'drop'; unit: string }
  | { type: 'fly'; to: string }
  | { type: 'cancel' }
  | { type: 'endMovement' }
  | { type: 'endImpulse' }
  | { type: 'attack'; target: string }
  | { type: 'landing'; target: string }
  | { type: 'commit'; from: string; unit: string }
  | { type: 'fleet'; id: string }
  | { type: 'bomb'; id: string; target: string }
  | { type: 'fleetAttack'; id: string; target: string }
  | { type: 'partisanMove'; id: string; to: string }
  | { type: 'partisanFlip'; id: string; from: string }
  | { type: 'event'; event: EventId; area?: string }
  | { type: 'intercept'; id: string }
  | { type: 'evade'; id: string; to: string }
  | { type: 'support'; id: string }
  | { type: 'extraDie'; use: boolean }
  | { type: 'elite'; id: string }
  | { type: 'loss'; unit: string; from?: string }
  | { type: 'retreat'; unit: string; to: string }
  | { type: 'retreatStart' }
  | { type: 'breakOff' }
  | { type: 'occupy'; from: string; unit: string }
  | { type: 'returnTo'; area: string }
  | { type: 'overflow'; unit: string; to: string }
  | { type: 'kesselring'; event: EventId };
