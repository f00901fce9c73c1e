package dev.relearn.feedback.learn;

import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;

/**
 * Measures what one batch of learned-field updates costs on a 100,000-chunk single-segment index:
 * 1,000 updates to random chunks followed by an NRT reopen, with Lucene's default doc-values
 * updates (each batch rewrites the updated fields of the whole segment), with {@link
 * LearnedFieldUpdater#withOverlays overlays}, and, as a baseline, by re-indexing the same
 * documents with {@code updateDocument}. Reports milliseconds (the update calls alone, and with
 * the reopen) and bytes written to the directory per batch, and the index size at the end.
 *
 * <p>Not a JUnit test: run its {@code main}, optionally with a scratch folder as argument.
 */
public final class DocValuesUpdateBenchmark {
  private static final int CHUNKS = 100_000;
  private static final int UPDATES = 1_000;
  private static final int WARMUP_ROUNDS = 10;
  private static final int ROUNDS = 45;
  private static final long SEED = 20_240_601L;

  /** How a batch is applied. */
  private enum Mode {
    DEFAULT("updateDocValues, overlays 0 (default)"),
    OVERLAYS("updateDocValues, overlays " + LearnedFieldUpdater.OVERLAYS),
    REINDEX("updateDocument (re-index)");

    final String label;

    Mode(String label) {
      this.label = label;
    }
  }

  /** The measured rounds of one mode. */
  private record Result(Mode mode, double[] millis, double[] applyMillis, long[] bytes,
      long finalSize) {}

  private DocValuesUpdateBenchmark() {}

  /** Runs every mode once and prints a table. */
  public static void main(String[] args) throws IOException {
    Path root = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("relearn-dv-bench");
    System.out.printf(Locale.ROOT, "%,d chunks in one segment; %,d updates of all 5 learned fields"
        + " + NRT reopen per round; %d warm-up + %d measured rounds; seed %d; %s%n", CHUNKS,
        UPDATES, WARMUP_ROUNDS, ROUNDS, SEED, Runtime.version());
    List<Result> results = new ArrayList<>();
    for (Mode mode : Mode.values()) {
      Path dir = root.resolve(mode.name().toLowerCase(Locale.ROOT));
      try {
        results.add(run(mode, dir));
      } finally {
        deleteRecursively(dir);
      }
    }
    Result reindex = results.stream().filter(r -> r.mode() == Mode.REINDEX).findFirst()
        .orElseThrow();
    double baseline = percentile(reindex.millis(), 0.5);
    double baselineBytes = percentile(toDoubles(reindex.bytes()), 0.5);
    System.out.printf(Locale.ROOT, "%-40s %9s %8s %8s %8s %12s %12s %12s %11s%n", "mode",
        "p50 apply", "p50 ms", "p90 ms", "max ms", "p50 bytes", "mean bytes", "final size",
        "vs re-index");
    for (Result result : results) {
      double p50 = percentile(result.millis(), 0.5);
      double p50Bytes = percentile(toDoubles(result.bytes()), 0.5);
      System.out.printf(Locale.ROOT,
          "%-40s %9.1f %8.1f %8.1f %8.1f %,12d %,12d %,12d %5.2fx/%.2fx%n",
          result.mode().label, percentile(result.applyMillis(), 0.5), p50,
          percentile(result.millis(), 0.9), percentile(result.millis(), 1.0), (long) p50Bytes,
          (long) Arrays.stream(result.bytes()).average().orElse(0), result.finalSize(),
          p50 / baseline, p50Bytes / baselineBytes);
    }
    System.out.println("vs re-index: p50 ms and p50 bytes per batch, each over the re-index"
        + " baseline's (measured in the same run)");
  }

  private static Result run(Mode mode, Path dir) throws IOException {
    IndexWriterConfig config = new IndexWriterConfig();
    if (mode == Mode.OVERLAYS) {
      LearnedFieldUpdater.withOverlays(config);
    }
    try (CountingDirectory directory = new CountingDirectory(FSDirectory.open(dir));
        IndexWriter writer = new IndexWriter(directory, config)) {
      long start = System.nanoTime();
      for (int i = 0; i < CHUNKS; i++) {
        writer.addDocument(document(i, LearnedValues.NEUTRAL));
      }
      writer.forceMerge(1);
      writer.commit();
      System.out.printf(Locale.ROOT, "%s: built %,d chunks in %.1f s, %,d bytes%n", mode.label,
          CHUNKS, (System.nanoTime() - start) / 1e9, directory.sizeOnDisk());
      Random random = new Random(SEED);
      double[] millis = new double[ROUNDS];
      double[] applyMillis = new double[ROUNDS];
      int lastChunk = -1;
      LearnedValues lastValues = null;
      long[] bytes = new long[ROUNDS];
      DirectoryReader reader = DirectoryReader.open(writer);
      try {
        for (int round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
          long bytesBefore = directory.bytesWritten();
          long t0 = System.nanoTime();
          for (int u = 0; u < UPDATES; u++) {
            int chunk = random.nextInt(CHUNKS);
            LearnedValues values = new LearnedValues(random.nextDouble() * 10,
                random.nextDouble() * 3, random.nextInt(4), random.nextInt(4),
                1_700_000_000_000L + round);
            if (mode == Mode.REINDEX) {
              writer.updateDocument(ChunkSchema.idTerm(id(chunk)), document(chunk, values));
            } else {
              writer.updateDocValues(ChunkSchema.idTerm(id(chunk)),
                  values.toFields().toArray(new Field[0]));
            }
            lastChunk = chunk;
            lastValues = values;
          }
          long applied = System.nanoTime();
          DirectoryReader newer = DirectoryReader.openIfChanged(reader);
          if (newer == null) {
            throw new IllegalStateException("round " + round + " changed nothing");
          }
          reader.close();
          reader = newer;
          long elapsed = System.nanoTime() - t0;
          if (round >= WARMUP_ROUNDS) {
            millis[round - WARMUP_ROUNDS] = elapsed / 1e6;
            applyMillis[round - WARMUP_ROUNDS] = (applied - t0) / 1e6;
            bytes[round - WARMUP_ROUNDS] = directory.bytesWritten() - bytesBefore;
          }
        }
        requireValue(reader, lastChunk, lastValues);
      } finally {
        reader.close();
      }
      writer.commit();
      return new Result(mode, millis, applyMillis, bytes, directory.sizeOnDisk());
    }
  }

  /** Fails unless the reader sees the values last written for a chunk. */
  private static void requireValue(DirectoryReader reader, int chunk, LearnedValues expected)
      throws IOException {
    IndexSearcher searcher = new IndexSearcher(reader);
    int doc = searcher.search(new TermQuery(ChunkSchema.idTerm(id(chunk))), 1).scoreDocs[0].doc;
    LeafReaderContext leaf = reader.leaves().get(ReaderUtil.subIndex(doc, reader.leaves()));
    LearnedValues actual = LearnedValues.read(leaf.reader(), doc - leaf.docBase);
    if (!actual.equals(expected)) {
      throw new IllegalStateException("chunk " + chunk + " reads " + actual + ", expected "
          + expected);
    }
  }

  private static String id(int chunk) {
    return "chunk-" + chunk;
  }

  /** A chunk reduced to what updates touch: its id (term, doc values) and the learned fields. */
  private static Document document(int chunk, LearnedValues learned) {
    Document doc = new Document();
    doc.add(new StringField(ChunkSchema.ID, id(chunk), Field.Store.YES));
    doc.add(new SortedDocValuesField(ChunkSchema.ID, new BytesRef(id(chunk))));
    for (Field field : learned.toFields()) {
      doc.add(field);
    }
    return doc;
  }

  /** The nearest-rank percentile. */
  private static double percentile(double[] values, double p) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }

  private static double[] toDoubles(long[] values) {
    return Arrays.stream(values).asDoubleStream().toArray();
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
