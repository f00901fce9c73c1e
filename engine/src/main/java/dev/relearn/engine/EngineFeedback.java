package dev.relearn.engine;

import dev.relearn.feedback.event.EventSummary;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.feedback.store.FeedbackStore;
import dev.relearn.feedback.store.FeedbackStoreConfig;
import dev.relearn.feedback.store.StoreStats;
import dev.relearn.lucene.schema.IndexMetadata;
import dev.relearn.lucene.schema.LearnedValuesSource;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.util.IOUtils;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;

/**
 * The feedback half of an engine: read-write, the {@link FeedbackStore} in its folder and the
 * {@link FeedbackRecorder}; read-only, the writer's last checkpoint ({@link CheckpointedFeedback})
 * and the committed learned fields. The folder must hold the engine's model ({@link
 * FeedbackModelMarker}).
 */
final class EngineFeedback implements Closeable {
  private final FeedbackStore store; // null when read-only
  private final FeedbackRecorder recorder; // null when read-only
  private final CheckpointedFeedback readOnly; // null unless read-only
  private final ClickTrust trust; // null when read-only
  private final WriterFiles writerFiles; // null unless read-only
  private final StatsSnapshot snapshot; // null when read-only

  private EngineFeedback(FeedbackStore store, FeedbackRecorder recorder,
      CheckpointedFeedback readOnly, ClickTrust trust, WriterFiles writerFiles) {
    this.store = store;
    this.recorder = recorder;
    this.readOnly = readOnly;
    this.trust = trust;
    this.writerFiles = writerFiles;
    this.snapshot = store == null ? null
        : new StatsSnapshot(store::stats, store::events, System::nanoTime);
  }

  /**
   * The feedback half of {@code engine}'s {@code parts}: with a writer, the feedback store
   * (created if needed), else the lookups of a read-only engine.
   */
  static EngineFeedback open(Relearn engine, EngineParts parts) throws IOException {
    Path folder = parts.dir().resolve(Relearn.FEEDBACK_FOLDER);
    IndexMetadata metadata = parts.embedder().metadata();
    FeedbackStore store;
    try {
      if (parts.writer() == null) {
        return new EngineFeedback(null, null, CheckpointedFeedback.open(folder, metadata), null,
            new WriterFiles(parts.weights(), folder));
      }
      FeedbackModelMarker.check(folder, metadata.modelId());
      FeedbackStoreConfig config = FeedbackStoreConfig.defaults(metadata.dimension())
          .withDurability(parts.options().feedbackDurability())
          .withProtectedVectors(parts.options().protectQueryVectors())
          .withCheckpointInterval(parts.config().checkpointInterval());
      // the follow-up of a forget-all, run again by the replay of one a crash cut short
      store = FeedbackStore.open(folder, config, parts.writer(), parts.searchers(),
          () -> parts.weights().reset(null), parts.storage());
    } catch (CorruptIndexException | IndexFormatTooNewException | IndexFormatTooOldException e) {
      throw damaged(folder, e);
    }
    ClickTrust trust;
    try {
      trust = ClickTrust.open(store, folder, parts.config().rerankOptions());
    } catch (IOException | RuntimeException | Error e) {
      IOUtils.closeWhileSuppressingExceptions(e, store);
      throw e;
    }
    RatingLearner ratings = new RatingLearner(parts.weights(), parts.config().model());
    return new EngineFeedback(store,
        new FeedbackRecorder(engine, store, ratings, InstantSource.system()), null, trust, null);
  }

  /**
   * A damaged file of the feedback folder, said as such: Lucene's message would read as damage
   * to the chunk index, whose way out (indexing anew) loses the feedback too.
   */
  private static IOException damaged(Path folder, IOException e) {
    if (!String.valueOf(e.getMessage()).contains(folder.toString())) {
      return e;
    }
    return new IOException("the feedback store in " + folder + " is damaged ("
        + e.getMessage() + "). Restore that folder from a backup, or move it away: the index"
        + " keeps its chunks and starts learning afresh", e);
  }

  /** Where learned searches find similar past queries and learned values. */
  LearningSources sources() throws IOException {
    if (store != null) {
      return new LearningSources(store, store.learnedValues(), trust.state().current());
    }
    return new LearningSources(readOnly.lookup(), LearnedValuesSource.DOC_VALUES,
        writerFiles.trust().current());
  }

  /** What feedback the engine learns from; read-only: as of the writer's last checkpoint. */
  StoreStats stats() throws IOException {
    return store != null ? store.stats() : readOnly.stats();
  }

  /** {@link #stats()} for the answer after an event ({@link StatsSnapshot}). */
  StoreStats recentStats() throws IOException {
    return snapshot != null ? snapshot.get() : readOnly.stats();
  }

  /** Whether there is any feedback to learn from. */
  boolean hasFeedback() throws IOException {
    return store != null ? store.hasFeedback() : readOnly.hasFeedback();
  }

  /** The trust fit from clicks and its history; read-only: as the writer last saved it. */
  TrustState trust() throws IOException {
    return trust != null ? trust.state() : writerFiles.trust();
  }

  /** Read-only: reads again the weights and trust the writer saved since, at most every 200 ms. */
  void followWriter() throws IOException {
    if (writerFiles != null) {
      writerFiles.follow();
    }
  }

  /** Checks a session id for {@link Relearn#forgetSession}: not null, not blank. */
  static void requireSession(String sessionId) {
    if (Objects.requireNonNull(sessionId, "sessionId").isBlank()) {
      throw new IllegalArgumentException("session id must not be blank");
    }
  }

  /** Waits for the trust refit queued so far (none when read-only); returns null. */
  Void awaitLearning() throws IOException {
    if (trust != null) {
      trust.awaitRefits();
    }
    return null;
  }

  /** Refits the trust on every event now (none when read-only); returns null. */
  Void learnNow() throws IOException {
    if (trust != null) {
      trust.refit();
    }
    return null;
  }

  /** The trust kept from clicks; null when read-only. */
  ClickTrust clickTrust() {
    return trust;
  }

  /** The feedback store; null when read-only. */
  FeedbackStore store() {
    return store;
  }

  /** Forgets the feedback of session {@code sessionId}; the engine checked that it is writable. */
  int forgetSession(String sessionId) throws IOException {
    int forgotten = store.forgetSession(store.sessions().hash(sessionId));
    snapshot.invalidate();
    refitAfter("the session's feedback was forgotten");
    return forgotten;
  }

  /**
   * Forgets all feedback, and what ratings taught the weights (the store's follow-up, run again
   * when it replays a forget-all a crash cut short); returns the past-query clusters removed.
   */
  int forgetAll() throws IOException {
    int forgotten = store.forgetAll();
    snapshot.invalidate();
    refitAfter("all feedback was forgotten");
    return forgotten;
  }

  /**
   * Refits the trust after a forget that {@code done} says took effect: a failure to save it
   * says so too, and that the next open refits it (a trust fit on forgotten events is refit).
   */
  private void refitAfter(String done) throws IOException {
    try {
      trust.refit();
    } catch (IOException e) {
      throw new IOException(done + ", but the trust refit on what is left could not be saved ("
          + e.getMessage() + "); searches keep the trust fit before it until the index is next"
          + " opened, which refits it", e);
    }
  }

  /** The newest {@code limit} events' summaries: the store's, or its last checkpoint's. */
  List<FeedbackSummary> recent(int limit) throws IOException {
    List<FeedbackSummary> out = new ArrayList<>();
    for (EventSummary event : store != null ? store.recent(limit) : readOnly.recent(limit)) {
      out.add(FeedbackSummary.of(event));
    }
    return out;
  }

  /** Records feedback; the engine checked that it is writable. */
  FeedbackAck record(FeedbackRequest request) throws IOException {
    FeedbackAck ack = recorder.record(request);
    trust.recorded(ack);
    return ack;
  }

  @Override
  public void close() throws IOException {
    try (Closeable s = store; Closeable r = readOnly; Closeable t = trust) {
      // closes all three (any may be null), the trust's refit thread first
    }
  }
}
