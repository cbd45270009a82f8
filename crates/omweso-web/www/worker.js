// The engine's Web Worker: a second copy of the program's module answers the computer
// seat's searches here, off the page's thread (src/app/services/web/engine.rs).
import init, { engine_answer } from './omweso_web.js';

const ready = init();
self.onmessage = async (event) => {
  await ready;
  self.postMessage(engine_answer(event.data));
};
