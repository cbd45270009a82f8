//! One kind of background job for the window's engine work (a judgement, a proof, the
//! review of a game, the computer's layout): the work runs on a named thread of its own,
//! sends news as it goes and one answer at the end, wakes the window each time, and stops
//! when the job is dropped. A job whose thread could not start, or that ended without its
//! answer (a panic), is *failed*, and says so: its owner never waits for ever.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// What the worker calls when a reply is ready: the window passes one that repaints it,
/// so that nothing waits for the mouse to move.
pub type Waker = std::sync::Arc<dyn Fn() + Send + Sync>;

/// Why a job has no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JobFailed {
    /// The system gave no thread.
    #[error("no thread for {job}: {why}")]
    NoThread {
        /// The job's name.
        job: String,
        /// What the system said.
        why: String,
    },
    /// The thread ended without its answer (it panicked).
    #[error("{job} ended without an answer")]
    Ended {
        /// The job's name.
        job: String,
    },
}

/// What a job's thread (or, in the page, its worker) sends.
pub enum Message<N, R> {
    /// News as the work goes.
    News(N),
    /// The answer, last.
    Answer(R),
}

/// Stops the job's thread when dropped.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// What a job's work is given: the stop flag to read, and where to send its news.
pub struct Context<'a, N> {
    /// Set when the job is dropped: the work should end soon.
    pub stop: &'a AtomicBool,
    send: &'a mut dyn FnMut(N),
}

impl<N> Context<'_, N> {
    /// Sends news to the job's owner (and wakes the window).
    pub fn news(&mut self, news: N) {
        (self.send)(news);
    }
}

/// A background job with news of type `N` and an answer of type `R`.
pub struct Job<N, R> {
    name: String,
    rx: Option<Receiver<Message<N, R>>>,
    /// The answer, once it has come, or why it will not.
    outcome: Option<Result<R, JobFailed>>,
    _stop: StopOnDrop,
    /// What does the work elsewhere (in the page: its worker), ended when dropped.
    _keep: Option<Box<dyn std::any::Any>>,
}

impl<N: Send + 'static, R: Send + 'static> Job<N, R> {
    /// Starts `work` on a thread named `name`; `waker` is called after each message.
    pub fn start(
        name: &str,
        waker: Option<Waker>,
        work: impl FnOnce(&mut Context<'_, N>) -> R + Send + 'static,
    ) -> Job<N, R> {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = channel();
        let flag = Arc::clone(&stop);
        let spawned = std::thread::Builder::new().name(format!("omweso {name}")).spawn(move || {
            let wake = || {
                if let Some(w) = &waker {
                    w();
                }
            };
            let news_tx = tx.clone();
            let mut send = |n: N| {
                let _ = news_tx.send(Message::News(n));
                wake();
            };
            let answer = work(&mut Context { stop: &flag, send: &mut send });
            let _ = tx.send(Message::Answer(answer));
            wake();
        });
        match spawned {
            Ok(_) => Job { name: name.to_string(), rx: Some(rx), outcome: None, _stop: StopOnDrop(stop), _keep: None },
            Err(e) => Job::failed(name, e.to_string()),
        }
    }

    /// A job whose work runs elsewhere (in the page, a Web Worker: `web/jobs.rs`): its
    /// messages come on `rx`, whose sender is dropped if the work fails; `keep` (the
    /// worker) lives as long as the job and ends the work when dropped.
    pub fn elsewhere(name: &str, rx: Receiver<Message<N, R>>, keep: Box<dyn std::any::Any>) -> Job<N, R> {
        Job {
            name: name.to_string(),
            rx: Some(rx),
            outcome: None,
            _stop: StopOnDrop(Arc::new(AtomicBool::new(false))),
            _keep: Some(keep),
        }
    }

    /// A job that could not start (`why`): failed from the start.
    pub fn failed(name: &str, why: String) -> Job<N, R> {
        let failed = JobFailed::NoThread { job: name.to_string(), why };
        log::error!("{failed}");
        Job {
            name: name.to_string(),
            rx: None,
            outcome: Some(Err(failed)),
            _stop: StopOnDrop(Arc::new(AtomicBool::new(false))),
            _keep: None,
        }
    }

    /// Takes in what the thread has sent: each piece of news goes to `on_news`; true once
    /// the job is over (answered or failed).
    pub fn poll(&mut self, mut on_news: impl FnMut(N)) -> bool {
        while self.outcome.is_none() {
            let Some(rx) = &self.rx else { break };
            match rx.try_recv() {
                Ok(Message::News(n)) => on_news(n),
                Ok(Message::Answer(r)) => self.outcome = Some(Ok(r)),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    let failed = JobFailed::Ended { job: self.name.clone() };
                    log::error!("{failed}");
                    self.outcome = Some(Err(failed));
                }
            }
        }
        self.outcome.is_some()
    }

    /// The answer, or why there is none; `None` while the job runs.
    pub fn outcome(&self) -> Option<&Result<R, JobFailed>> {
        self.outcome.as_ref()
    }

    /// Takes the answer out (`None` while the job runs or once taken).
    pub fn take(&mut self) -> Option<Result<R, JobFailed>> {
        self.outcome.take()
    }
}

/// The cores of this computer (at least 1): the Threads setting's default.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn finish<N: Send + 'static, R: Send + 'static>(job: &mut Job<N, R>, news: &mut Vec<N>) {
        let started = Instant::now();
        while !job.poll(|n| news.push(n)) {
            assert!(started.elapsed() < Duration::from_secs(10), "the job never ended");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn a_job_sends_its_news_then_its_answer() {
        let mut job = Job::start("counting", None, |cx| {
            for i in 0..3 {
                cx.news(i);
            }
            "done"
        });
        let mut news = Vec::new();
        finish(&mut job, &mut news);
        assert_eq!(news, vec![0, 1, 2]);
        assert_eq!(job.take(), Some(Ok("done")));
        assert_eq!(job.take(), None);
    }

    #[test]
    fn a_job_that_panics_is_failed_not_waited_for() {
        let mut job: Job<(), u32> = Job::start("panicking", None, |_| panic!("on purpose"));
        finish(&mut job, &mut Vec::new());
        assert_eq!(job.outcome(), Some(&Err(JobFailed::Ended { job: "panicking".into() })));
    }

    #[test]
    fn dropping_a_job_stops_its_work() {
        let seen = Arc::new(AtomicBool::new(false));
        let s = Arc::clone(&seen);
        let job: Job<(), ()> = Job::start("waiting", None, move |cx| {
            let started = Instant::now();
            while !cx.stop.load(Ordering::Relaxed) && started.elapsed() < Duration::from_secs(10) {
                std::thread::sleep(Duration::from_millis(2));
            }
            s.store(cx.stop.load(Ordering::Relaxed), Ordering::Relaxed);
        });
        drop(job);
        let started = Instant::now();
        while !seen.load(Ordering::Relaxed) {
            assert!(started.elapsed() < Duration::from_secs(5), "the work did not see the stop");
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}
