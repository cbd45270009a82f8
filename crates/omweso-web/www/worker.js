// The engine's Web Worker: a second copy of the program's module answers the computer
// seat's searches here, off the page's thread (src/app/services/web/engine.rs).
// A job of the analysis or the coach (`job:` and its JSON) runs in a worker of its own
// and posts its news and its answer itself (src/app/services/web/jobs.rs).
import init, { engine_answer, job_run } from './omweso_web.js';

const ready = init();
self.onmessage = async (event) => {
  await ready;
  const request = event.data;
  if (request.startsWith('job:')) {
    job_run(request.slice(4));
  } else {
    self.postMessage(engine_answer(request));
  }
};
