/**
 * The web client's own words (not the games'), in one module so they are easy to translate: a
 * constant per string, a function where the string has parameters. New UI strings go here until
 * the client has a `t(id, params)` of its own.
 */
export const S = {
  // 3. confirming what cannot be taken back
  confirmSetting: 'Ask first',
  confirmSettingTitle: 'Ask before an action that rolls dice, reveals something, plays a card or ends a phase',
  willRoll: 'Rolls the dice: this cannot be taken back.',
  willReveal: (what: string) => `Cannot be taken back: ${what}.`,
  willHandOver: (who: string) => `Then it is ${who}'s turn: this cannot be taken back.`,
  willEndGame: 'This ends the game.',
  weighty: (what: string) => `This ${what}.`,
  oddsHead: 'The odds:',
  doRoll: 'Roll the dice',
  doReveal: 'Reveal',
  doIt: 'Do it',
  cancel: 'Cancel',
  // 5. set-up
  groupsHead: (n: number, groups: number) =>
    `Legal actions (${n}), by ${groups} pieces: open one, or click it on the map`,
  groupCount: (n: number) => `${n} actions`,
  otherActions: 'Other actions',
  placeRandom: 'Place the rest at random',
  placeRandomTitle: 'Finish this set-up step with random legal choices (you can still undo them one by one)',
  placeLast: 'Place as last time',
  placeLastTitle: 'Repeat the choices you made in this set-up step last time, where they are still legal',
  placedLast: (n: number) => `Placed ${n} as last time.`,
  placedRandom: (n: number) => `Placed ${n} at random.`,
  trayHint: 'Pick one, then click a highlighted counter on the map. Drag a placed one back here to take it back.',
  takeBack: 'Take back',
  takenBack: (what: string) => `Taken back: ${what}.`,
  // 6. online
  yourTurn: 'Your turn',
  turnTitle: (game: string) => `● Your turn · ${game}`,
  notifications: 'Turn notifications',
  notifyOn: 'Notify me when it is my turn (while this tab is hidden)',
  notifyBody: (game: string) => `It is your turn in ${game}.`,
  webhookHead: 'Webhook for this seat',
  webhookHelp: 'The server POSTs JSON to this address when it is your turn (e.g. a chat bot).',
  webhookSave: 'Save webhook',
  webhookSaved: 'Webhook saved.',
  webhookCleared: 'Webhook removed.',
  downloadRecord: 'Download the record',
  invalidLink: 'This game link is not valid: it may be mistyped, cut short, or the game was deleted.',
  invalidLinkHelp: 'Ask the player who invited you for the link again, or start a new game.',
  backToGames: 'Back to the games',
  onlineUndo: 'Undo',
  // 7. start
  opening: 'Opening the game…',
  aiSetup: (who: string) => `${who} (computer) is setting up…`,
  skipSetup: 'Skip: set up quickly',
  // 8. phone and keyboard
  panels: 'Panels',
  closePanels: 'Back to the map',
  mapLabel: 'Game map: Tab or the arrow keys walk the highlighted places, Enter picks; drag or +/- to zoom, 0 to fit',
  focusPlace: (name: string, i: number, n: number) => `${name} (${i} of ${n})`,
};
