package dev.relearn.engine;

import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.feedback.store.FeedbackStore;
import dev.relearn.feedback.store.FeedbackStoreConfig;
import dev.relearn.feedback.store.ReadOnlyFeedback;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.schema.IndexMetadata;
import dev.relearn.lucene.schema.LearnedValuesSource;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.SearcherManager;

/**
 * The feedback half of an engine. A read-write engine has the {@link FeedbackStore} in its
 * index folder and the {@link FeedbackRecorder} that turns requests into events; a read-only one
 * looks past queries up in the writer's last checkpoint ({@link ReadOnlyFeedback}, none when the
 * writer never recorded any) and reads the committed learned fields. Either way the folder must
 * have been recorded with the engine's model ({@link FeedbackModelMarker}).
 */
final class EngineFeedback implements Closeable {
  private final FeedbackStore store; // null when read-only
  private final FeedbackRecorder recorder; // null when read-only
  private final ReadOnlyFeedback readOnly; // null unless read-only with a feedback folder

  private EngineFeedback(FeedbackStore store, FeedbackRecorder recorder,
      ReadOnlyFeedback readOnly) {
    this.store = store;
    this.recorder = recorder;
    this.readOnly = readOnly;
  }

  /** Opens (creating if needed) the feedback store of read-write {@code engine}. */
  static EngineFeedback writable(Relearn engine, RelearnOptions options, IndexWriter writer,
      SearcherManager searchers, RecentFeedback recent) throws IOException {
    Path folder = engine.directory().resolve(Relearn.FEEDBACK_FOLDER);
    IndexMetadata metadata = engine.metadata();
    FeedbackStoreConfig config = FeedbackStoreConfig.defaults(metadata.dimension())
        .withDurability(options.feedbackDurability())
        .withProtectedVectors(options.protectQueryVectors());
    FeedbackModelMarker.check(folder, metadata.modelId());
    FeedbackStore store = FeedbackStore.open(folder, config, writer, searchers);
    RatingLearner ratings = new RatingLearner(engine.weights(),
        engine.directory().resolve(Relearn.WEIGHTS_FILE), engine.config().model());
    return new EngineFeedback(store,
        new FeedbackRecorder(engine, store, ratings, recent, InstantSource.system()), null);
  }

  /** The lookups of a read-only engine over {@code indexFolder}. */
  static EngineFeedback readOnly(Path indexFolder, IndexMetadata metadata) throws IOException {
    Path folder = indexFolder.resolve(Relearn.FEEDBACK_FOLDER);
    if (!Files.isDirectory(folder)) {
      return new EngineFeedback(null, null, null);
    }
    FeedbackModelMarker.requireMatch(folder, metadata.modelId());
    return new EngineFeedback(null, null,
        ReadOnlyFeedback.open(folder, FeedbackStoreConfig.defaults(metadata.dimension())));
  }

  /** Where learned searches find similar past queries and learned values. */
  LearningSources sources() {
    if (store != null) {
      return new LearningSources(store, store.learnedValues());
    }
    return new LearningSources(readOnly == null ? FeedbackLookup.NONE : readOnly,
        LearnedValuesSource.DOC_VALUES);
  }

  /** The feedback store; null when read-only. */
  FeedbackStore store() {
    return store;
  }

  /** Records feedback; the engine checked that it is writable. */
  FeedbackAck record(FeedbackRequest request) throws IOException {
    return recorder.record(request);
  }

  @Override
  public void close() throws IOException {
    try (Closeable s = store; Closeable r = readOnly) {
      // closes both (either may be null)
    }
  }
}
