package dev.relearn.feedback.store;

import dev.relearn.feedback.event.EventCodec;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.feedback.index.FeedbackIndexConfig;
import dev.relearn.feedback.learn.LearnedFieldUpdater;
import dev.relearn.feedback.log.Translog;
import dev.relearn.lucene.embed.VectorChecks;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.files.StorageOpener;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermRangeQuery;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.IOUtils;

/**
 * A feedback store's surroundings on disk, for tests: a chunk index of chunks {@code c0 .. c3}
 * with its writer and searchers, the feedback folder beside it, and a clock the test sets.
 */
final class StoreFixture implements AutoCloseable {
  static final int DIMENSION = 8;

  final Path folder;
  final AtomicLong now;
  private final InstantSource clock;
  private final ChunkSchema schema = new ChunkSchema(2);
  private final Directory chunkDirectory;
  private final IndexWriter chunkWriter;
  private final SearcherManager chunkSearchers;

  /** Creates a chunk index in {@code tmp}/chunks; the store goes to {@code tmp}/feedback. */
  StoreFixture(Path tmp, long startMillis) throws IOException {
    this.folder = tmp.resolve("feedback");
    this.now = new AtomicLong(startMillis);
    this.clock = () -> Instant.ofEpochMilli(now.get());
    chunkDirectory = FSDirectory.open(tmp.resolve("chunks"));
    chunkWriter = new IndexWriter(chunkDirectory, LearnedFieldUpdater.withOverlays(
        new IndexWriterConfig(schema.indexAnalyzer()).setSimilarity(ChunkSchema.similarity())));
    for (int i = 0; i < 4; i++) {
      chunkWriter.addDocument(chunk("c" + i, i, LearnedValues.NEUTRAL));
    }
    chunkWriter.commit();
    chunkSearchers = new SearcherManager(chunkWriter, null);
  }

  private Document chunk(String id, int i, LearnedValues learned) {
    return schema.document(new Chunk(id, "/origin", id + ".md", ChunkKind.MARKDOWN,
        "Title " + id, List.of("Heading"), 1, 2, 3, "text of " + id),
        VectorChecks.normalize(new float[] {1, i + 1}), learned, null);
  }

  /**
   * Writes chunk {@code id} with {@code learned} and commits, as a batch of an index call does
   * (under the chunk-index writes lock); the searchers are not refreshed.
   */
  void indexChunk(String id, LearnedValues learned, Lock writes) throws IOException {
    writes.lock();
    try {
      chunkWriter.updateDocument(ChunkSchema.idTerm(id), chunk(id, 9, learned));
      chunkWriter.commit();
    } finally {
      writes.unlock();
    }
  }

  /** The default configuration on this fixture's clock. */
  FeedbackStoreConfig config() {
    return config(FeedbackStoreConfig.defaults(DIMENSION).index().withClock(clock));
  }

  /** The default configuration with {@code index}. */
  static FeedbackStoreConfig config(FeedbackIndexConfig index) {
    FeedbackStoreConfig d = FeedbackStoreConfig.defaults(index.dimension());
    return new FeedbackStoreConfig(d.durability(), d.syncInterval(), d.flushInterval(),
        d.checkpointInterval(), d.eta(), d.perSessionCap(), index, d.protectVectors());
  }

  /** Opens the store with the default configuration and {@code followUp}. */
  FeedbackStore open(ForgetAllFollowUp followUp) throws IOException {
    return open(config(), followUp);
  }

  /** Opens the store with {@code config} and {@code followUp}. */
  FeedbackStore open(FeedbackStoreConfig config, ForgetAllFollowUp followUp) throws IOException {
    return FeedbackStore.open(folder, config, chunkWriter, chunkSearchers, followUp,
        StorageOpener.REAL);
  }

  /** Appends {@code records} to the closed store's log: what a crash right after them leaves. */
  void appendToLog(byte[]... records) throws IOException {
    try (Translog log = Translog.open(folder.resolve(StoreFolder.LOG))) {
      for (byte[] record : records) {
        log.append(record);
      }
    }
  }

  /** A successful event of {@code session} that used {@code chunk}, shown first. */
  static FeedbackEvent event(String id, String session, float[] vector, String chunk,
      long millis) {
    return new FeedbackEvent(id, session, vector, List.of(new ShownResult(chunk, 1)),
        List.of(chunk), Outcome.SUCCESS, null, null, SignalClass.STRONG, millis, null);
  }

  /** A seeded random unit vector. */
  static float[] unit(long seed) {
    Random random = new Random(seed);
    float[] v = new float[DIMENSION];
    for (int i = 0; i < DIMENSION; i++) {
      v[i] = (float) random.nextGaussian();
    }
    return VectorChecks.normalize(v);
  }

  /** The chunk index's non-neutral learned doc values, as a refreshed searcher reads them. */
  Map<String, LearnedValues> docValues() throws IOException {
    chunkSearchers.maybeRefreshBlocking();
    return LearnedFields.nonNeutral(chunkSearchers);
  }

  /** The chunk renames in the events index's last commit. */
  int committedRenames() throws IOException {
    try (Directory directory = FSDirectory.open(folder.resolve(StoreFolder.EVENTS));
        DirectoryReader reader = DirectoryReader.open(directory)) {
      return new IndexSearcher(reader).count(
          TermRangeQuery.newStringRange("link_from", "chunk:", "chunk;", true, false));
    }
  }

  /** The event ids in the events index's last commit, in the order they were applied. */
  List<String> committedEventsInOrder() throws IOException {
    try (Directory directory = FSDirectory.open(folder.resolve(StoreFolder.EVENTS));
        DirectoryReader reader = DirectoryReader.open(directory)) {
      IndexSearcher searcher = new IndexSearcher(reader);
      TreeMap<Long, String> bySeq = new TreeMap<>();
      for (ScoreDoc hit : searcher.search(new MatchAllDocsQuery(), Integer.MAX_VALUE).scoreDocs) {
        Document doc = searcher.storedFields().document(hit.doc);
        if (doc.getBinaryValue("event") == null) {
          continue; // a link
        }
        bySeq.put(doc.getField("seq").numericValue().longValue(),
            EventCodec.decode(BytesRef.deepCopyOf(doc.getBinaryValue("event")).bytes).eventId());
      }
      return List.copyOf(bySeq.values());
    }
  }

  @Override
  public void close() throws IOException {
    IOUtils.close(chunkSearchers, chunkWriter, chunkDirectory);
  }
}
