/** The computer player's Web Worker: the AI package's browser entry (search off the UI thread). */
import '@sandtable/ai/browser-worker';
