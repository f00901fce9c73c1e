package dev.relearn.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.feedback.store.FeedbackStore;
import dev.relearn.lucene.files.AtomicFiles;
import dev.relearn.lucene.rerank.FeedbackEvidence;
import dev.relearn.lucene.rerank.RerankOptions;
import dev.relearn.lucene.trust.Trust;
import dev.relearn.lucene.trust.TrustFit;
import dev.relearn.lucene.trust.VotePairs;
import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The trust fit from the click log ({@link TrustFit} over the store's held-out queries), cached
 * in the feedback folder's {@value #FILE} (JSON, replaced atomically) and refit every {@link
 * #REFIT_EVERY} new events, counted across restarts (a missing or unreadable file counts as
 * none fit), after every forget, and at open when the file is of other vote settings, {@link
 * #REFIT_EVERY} events or more behind, or fit on events since removed. So a restart does not
 * change the ranking. The refit after new events runs on a thread of its own, paced to about a
 * tenth of one core, so that no acknowledgement waits for it; {@link #close} waits for the one in
 * flight.
 * Thread-safe: searches read {@link #current} without a lock.
 */
final class ClickTrust implements Closeable {
  /** The file in the feedback folder. */
  static final String FILE = "trust.json";
  /** How many times as long as it worked a background refit rests. */
  static final int IDLE_SHARE = 9;
  /** The work a paced refit does between rests. */
  static final long SLICE_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
  /** New events between refits. */
  static final int REFIT_EVERY = 250;
  /** At most this many of the latest past-query clusters are fit on: bounds a refit's time. */
  static final int MAX_QUERIES = 4000;
  /** Points of trust history kept for charts. */
  static final int HISTORY_LIMIT = 200;

  private static final System.Logger LOG = System.getLogger(ClickTrust.class.getName());
  private static final ObjectMapper JSON = JsonMapper.builder()
      .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();

  private final FeedbackStore store;
  private final RerankOptions rerank;
  private final Path file;
  private volatile TrustState state;
  private final AtomicInteger sinceRefit = new AtomicInteger();
  private final AtomicBoolean refitQueued = new AtomicBoolean();
  private final AtomicLong saves = new AtomicLong(); // fits saved so far
  private final AtomicInteger hurried = new AtomicInteger(); // callers waiting: no rests
  private final CountDownLatch closing = new CountDownLatch(1);
  private final ExecutorService refits = Executors.newSingleThreadExecutor(
      Thread.ofPlatform().daemon().name("relearn-trust-refit").factory());

  private ClickTrust(FeedbackStore store, RerankOptions rerank, Path file, TrustState state) {
    this.store = store;
    this.rerank = rerank;
    this.file = file;
    this.state = state;
  }

  /** The trust of {@code store}, from its folder's file, or refit when that is not current. */
  static ClickTrust open(FeedbackStore store, Path folder, RerankOptions rerank)
      throws IOException {
    Path file = folder.resolve(FILE);
    TrustState saved = read(file);
    ClickTrust trust = new ClickTrust(store, rerank, file,
        saved != null ? saved : TrustState.EMPTY);
    long newer = store.events() - (saved == null ? 0 : saved.events()); // none: nothing fit
    if (newer < 0 || newer >= REFIT_EVERY
        || saved != null && !saved.settings().equals(settings(rerank))) {
      trust.refitOrWarn(false); // stale, of other settings, or fit on events since removed
    } else {
      trust.sinceRefit.set((int) newer); // the count goes on where it stopped
    }
    return trust;
  }

  /** The trust saved in {@code folder}, for a read-only engine: empty when there is none. */
  static TrustState readOnly(Path folder) {
    TrustState saved = read(folder.resolve(FILE));
    return saved != null ? saved : TrustState.EMPTY;
  }

  TrustState state() {
    return state;
  }

  /** Counts a recorded event; every {@link #REFIT_EVERY} new ones, queues a refit (one at most). */
  void recorded(FeedbackAck ack) {
    if (!ack.duplicate() && sinceRefit.incrementAndGet() >= REFIT_EVERY
        && refitQueued.compareAndSet(false, true)) {
      refits.execute(() -> {
        refitQueued.set(false);
        refitOrWarn(true);
      });
    }
  }

  /** Waits for the refits queued so far, which run without rests meanwhile. */
  void awaitRefits() throws IOException {
    hurried.incrementAndGet();
    try {
      refits.submit(() -> {}).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for the trust refit");
    } catch (ExecutionException e) { // refitOrWarn reports its own failures: not expected
      throw new IOException("the trust refit failed: " + e.getCause(), e.getCause());
    } finally {
      hurried.decrementAndGet();
    }
  }

  /** Stops a refit at its next rest (an interrupt would close its files) and waits for it. */
  @Override
  public void close() {
    closing.countDown();
    refits.close();
  }

  /**
   * A refit, saved unless one after a forget saved since it began; a failure (a damaged cluster
   * index, a full disk) is a warning, keeping the trust as it was: no event fails for the trust.
   */
  private void refitOrWarn(boolean paced) {
    try {
      long seen = saves.get();
      long events = store.events();
      Trust trust = fit(paced);
      synchronized (this) {
        if (saves.get() == seen) { // else a refit after a forget saved a newer fit
          save(trust, events);
        }
      }
    } catch (CancellationException e) {
      LOG.log(System.Logger.Level.DEBUG, "trust refit stopped: the engine is closing", e);
    } catch (IOException | RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "could not refit the trust in the vote (" + e
          + "); searches keep the trust as it was until the next refit", e);
    }
  }

  /** Refits from the store's events at once and saves the result (at open, after a forget). */
  synchronized Trust refit() throws IOException {
    long events = store.events();
    Trust trust = fit(false);
    save(trust, events);
    return trust;
  }

  /**
   * Fits the trust on the latest {@link #MAX_QUERIES} clusters; {@code paced}: resting {@link
   * #IDLE_SHARE} times as long as it worked after every {@link #SLICE_NANOS} of work.
   */
  private Trust fit(boolean paced) throws IOException {
    sinceRefit.set(0);
    TrustFit fit = new TrustFit();
    Map<String, Double> used = new HashMap<>();
    long[] slice = {System.nanoTime()};
    store.forEachHeldOut(rerank.minSimilarity(), rerank.maxPastQueries(), MAX_QUERIES,
        (session, logged, others) -> {
          fit.add(VotePairs.capped(used, session, VotePairs.of(logged,
              new FeedbackEvidence(others, List.of(), rerank.vote()).withinBudget(),
              rerank.model())));
          if (paced) {
            slice[0] = rest(slice[0]);
          }
        });
    return fit.trust();
  }

  /**
   * After a slice of work that began at {@code sliceStart}, rests; returns the next start.
   *
   * @throws CancellationException if {@link #close} was called
   */
  private long rest(long sliceStart) throws InterruptedIOException {
    long worked = System.nanoTime() - sliceStart;
    if (worked < SLICE_NANOS && closing.getCount() > 0 || hurried.get() > 0) {
      return sliceStart;
    }
    try {
      if (closing.await(IDLE_SHARE * worked, TimeUnit.NANOSECONDS)) {
        throw new CancellationException("the engine is closing");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("the trust refit was interrupted");
    }
    return System.nanoTime();
  }

  /** Saves {@code trust}, fit on {@code events} events, to the file and for searches. */
  private void save(Trust trust, long events) throws IOException {
    List<TrustPoint> history = new ArrayList<>(state.history());
    history.add(new TrustPoint(System.currentTimeMillis(), trust.queries(), trust.fitted(),
        trust.strength(), trust.gain()));
    if (history.size() > HISTORY_LIMIT) {
      history = history.subList(history.size() - HISTORY_LIMIT, history.size());
    }
    TrustState next =
        new TrustState(TrustState.VERSION, trust, events, settings(rerank), history);
    AtomicFiles.write(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(next), false);
    state = next;
    saves.incrementAndGet();
  }

  /** What the fit depends on besides the events: how the vote is cast. */
  static String settings(RerankOptions rerank) {
    return "minSimilarity=" + rerank.minSimilarity() + ", maxPastQueries="
        + rerank.maxPastQueries() + ", " + rerank.vote() + ", evidenceK="
        + rerank.model().evidenceK() + ", boostBaseline=" + rerank.model().boostBaseline();
  }

  /** The state in {@code file}, or null when it is missing or unusable (said in a warning). */
  private static TrustState read(Path file) {
    try {
      TrustState saved = JSON.readValue(Files.readAllBytes(file), TrustState.class);
      if (saved.version() == TrustState.VERSION) {
        return saved;
      }
      LOG.log(System.Logger.Level.WARNING, () -> file + " is of version " + saved.version()
          + ", not " + TrustState.VERSION + ": refitting trust from the events");
    } catch (NoSuchFileException e) {
      return null;
    } catch (JsonProcessingException | IllegalArgumentException e) {
      LOG.log(System.Logger.Level.WARNING, () -> file + " cannot be read (" + e.getMessage()
          + "): refitting trust from the events");
    } catch (IOException e) {
      LOG.log(System.Logger.Level.WARNING, () -> file + " cannot be read (" + e
          + "): refitting trust from the events");
    }
    return null;
  }
}
