package dev.relearn.eval.beir;

import dev.relearn.eval.metrics.Qrels;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SequencedMap;
import java.util.SequencedSet;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A BEIR dataset folder: {@code corpus.jsonl} or {@code corpus.jsonl.gz}, {@code queries.jsonl}
 * (or {@code .jsonl.gz}) and a {@code qrels} folder with one {@code <split>.tsv} per split.
 *
 * <p>Only queries and qrels are read here; the corpus is read by the indexer from
 * {@link #corpusFile()}. Files are read on first use and kept; instances are thread-safe.
 */
public final class BeirDataset {
  private final Path directory;
  private final Path corpusFile;
  private final Path queriesFile;
  private final Map<String, Path> splitFiles;
  private final Map<String, Qrels> qrelsBySplit = new ConcurrentHashMap<>();
  private SequencedMap<String, String> queries;

  private BeirDataset(
      Path directory, Path corpusFile, Path queriesFile, Map<String, Path> splitFiles) {
    this.directory = directory;
    this.corpusFile = corpusFile;
    this.queriesFile = queriesFile;
    this.splitFiles = splitFiles;
  }

  /**
   * Checks that {@code dir} is a BEIR dataset folder and lists its splits, reading nothing else;
   * throws {@link NoSuchFileException} or {@link NotDirectoryException} naming what is missing.
   */
  public static BeirDataset open(Path dir) throws IOException {
    Objects.requireNonNull(dir, "dir");
    Path directory = dir.toAbsolutePath().normalize();
    requireDirectory(directory, "BEIR dataset folder");
    Path corpus = firstExisting(directory, "corpus.jsonl", "corpus.jsonl.gz");
    Path queries = firstExisting(directory, "queries.jsonl", "queries.jsonl.gz");
    Path qrelsDir = directory.resolve("qrels");
    requireDirectory(qrelsDir, "qrels folder of a BEIR dataset");
    Map<String, Path> splits = new TreeMap<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(qrelsDir, "*.tsv")) {
      for (Path file : files) {
        if (Files.isRegularFile(file)) {
          String name = file.getFileName().toString();
          splits.put(name.substring(0, name.length() - ".tsv".length()), file);
        }
      }
    }
    if (splits.isEmpty()) {
      throw new NoSuchFileException(qrelsDir.resolve("<split>.tsv").toString(), null,
          "no qrels: the qrels folder holds no .tsv file");
    }
    return new BeirDataset(directory, corpus, queries, Collections.unmodifiableMap(splits));
  }

  /** The dataset's name: its folder's name, e.g. {@code scifact}. */
  public String name() {
    return directory.getFileName().toString();
  }

  /** The corpus file, {@code corpus.jsonl} if present, else {@code corpus.jsonl.gz}. */
  public Path corpusFile() {
    return corpusFile;
  }

  /** The queries file. */
  public Path queriesFile() {
    return queriesFile;
  }

  /** The split names, from {@code qrels/*.tsv}, sorted, e.g. {@code [test, train]}. */
  public List<String> splits() {
    return List.copyOf(splitFiles.keySet());
  }

  /** Every query, id → text, in file order, with qrels or not; throws for a malformed line. */
  public synchronized SequencedMap<String, String> queries() throws IOException {
    if (queries == null) {
      queries = QueriesFile.read(queriesFile);
    }
    return queries;
  }

  /**
   * The judgments of {@code split}; throws for an unknown split (listing the others) or a malformed
   * line.
   */
  public Qrels qrels(String split) throws IOException {
    Path file = splitFile(split);
    Qrels cached = qrelsBySplit.get(split);
    if (cached != null) {
      return cached;
    }
    Qrels read = QrelsFile.read(file);
    Qrels raced = qrelsBySplit.putIfAbsent(split, read);
    return raced != null ? raced : read;
  }

  /**
   * The ids of the queries judged in {@code split} that also have a text in the queries file, in
   * queries-file order. Queries whose judgments are all non-relevant are included here, and the
   * {@link dev.relearn.eval.metrics.Evaluator} counts them as 0, as trec_eval does.
   */
  public SequencedSet<String> queryIds(String split) throws IOException {
    SequencedSet<String> ids = new LinkedHashSet<>(queries().keySet());
    ids.retainAll(qrels(split).queryIds());
    return Collections.unmodifiableSequencedSet(ids);
  }

  @Override
  public String toString() {
    return "BeirDataset[" + name() + " at " + directory + ", splits " + splits() + "]";
  }

  private Path splitFile(String split) {
    Objects.requireNonNull(split, "split");
    Path file = splitFiles.get(split);
    if (file == null) {
      throw new IllegalArgumentException("dataset " + name() + " has no split '" + split
          + "'; available: " + splits());
    }
    return file;
  }

  private static void requireDirectory(Path dir, String what) throws IOException {
    if (!Files.exists(dir)) {
      throw new NoSuchFileException(dir.toString(), null, "missing " + what);
    }
    if (!Files.isDirectory(dir)) {
      throw new NotDirectoryException(dir + " (expected the " + what + ")");
    }
  }

  private static Path firstExisting(Path dir, String... names) throws NoSuchFileException {
    List<String> tried = new ArrayList<>();
    for (String name : names) {
      Path file = dir.resolve(name);
      if (Files.isRegularFile(file)) {
        return file;
      }
      tried.add(file.toString());
    }
    throw new NoSuchFileException(tried.get(0), null, "missing BEIR file; looked for " + tried);
  }
}
