/**
 * The computer player's Web Worker: the catalog (which registers every game's AI, loaded on
 * demand) and the AI package's browser entry (search off the UI thread).
 */
import '@sandtable/catalog';
import '@sandtable/ai/browser-worker';
