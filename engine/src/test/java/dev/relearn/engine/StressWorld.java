package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.relearn.lucene.files.AtomicFiles;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What the threads of {@link EngineStressTest} share: the files the writer thread has indexed
 * (published after each index or remove call returned), when each deleted file's deletion was
 * committed, the acknowledged feedback events and the query words to look for on disk. Each
 * indexed file is one chunk holding {@link #COMMON}, so a BM25 search for it counts the chunks.
 */
final class StressWorld {
  /** A word every indexed file holds, and no query. */
  static final String COMMON = "shared";
  static final String[] WORDS = {"cache", "vector", "shard", "token", "latency", "replica",
      "schema", "cluster", "ranking", "session", "commit", "segment", "merge", "parser"};

  final Path docs;
  final Path extra;
  /**
   * The writer thread's phase, mod 3: 0 while files and index are stable, 1 while files change,
   * 2 while an index or remove call runs that should leave the index holding {@link #pending}.
   */
  final AtomicLong phase = new AtomicLong();
  /** Index and remove calls that returned. */
  final AtomicLong commits = new AtomicLong();
  /** Path of each deleted file -> {@link #commits} once its deletion was committed. */
  final Map<String, Long> deletedAt = new ConcurrentHashMap<>();
  /** Acknowledged, new feedback event ids. */
  final Set<String> acked = ConcurrentHashMap.newKeySet();
  /** Words only queries hold, one per query: none may be found under the index folder. */
  final Set<String> queryWords = ConcurrentHashMap.newKeySet();
  final AtomicLong operations = new AtomicLong();
  private volatile Set<String> indexed = Set.of(); // hit paths of the indexed files
  private volatile Set<String> pending = Set.of(); // of the files the running call indexes

  StressWorld(Path root) throws IOException {
    this.docs = Files.createDirectories(root.resolve("docs"));
    this.extra = Files.createDirectories(root.resolve("extra"));
  }

  /** Writes a one-chunk note. */
  static void writeNote(Path file, Random random) throws IOException {
    StringBuilder text = new StringBuilder("# " + file.getFileName() + "\n" + COMMON);
    for (int w = 0; w < 10; w++) {
      text.append(' ').append(WORDS[random.nextInt(WORDS.length)]);
    }
    // whole or not at all, as an editor saving through a temporary file: the editor thread
    // rewrites notes while index calls read them, and a file read between Files.writeString's
    // truncation and its write is empty, so its chunk would rightly go
    AtomicFiles.write(file, text.append(".\n").toString().getBytes(StandardCharsets.UTF_8),
        false);
  }

  /** A query of two corpus words and a word of its own. */
  /** The hits a user used: the first, and each other one time in four. */
  static List<String> used(SearchResults results, Random random) {
    List<String> used = new ArrayList<>();
    for (Hit hit : results.hits()) {
      if (used.isEmpty() || random.nextInt(4) == 0) {
        used.add(hit.chunkId());
      }
    }
    return used;
  }

  String query(Random random) {
    StringBuilder own = new StringBuilder("zq");
    for (int i = 0; i < 8; i++) {
      own.append((char) ('a' + random.nextInt(26)));
    }
    queryWords.add(own.toString());
    return WORDS[random.nextInt(WORDS.length)] + " " + own + " "
        + WORDS[random.nextInt(WORDS.length)];
  }

  /** The hit path of a file under the docs or extra folder ("docs/n3.md"). */
  String hitPath(Path file) {
    return file.getParent().getFileName() + "/" + file.getFileName();
  }

  /** Files are about to change: searches from now on are checked against the pending set. */
  void changing() {
    long now = phase.incrementAndGet();
    assertEquals(1, now % 3, "phase " + now);
  }

  /** An index or remove call that should leave the index holding {@code paths} begins. */
  void calling(Set<String> paths) {
    pending = Set.copyOf(paths);
    long now = phase.incrementAndGet();
    assertEquals(2, now % 3, "phase " + now);
  }

  /** The call returned; the deletions of {@code deleted} count from now on. */
  void returned(Set<String> deleted) {
    long commit = commits.incrementAndGet();
    for (String path : deleted) {
      deletedAt.put(path, commit);
    }
    indexed = pending;
    long now = phase.incrementAndGet();
    assertEquals(0, now % 3, "phase " + now);
  }

  /** The files the index holds when no call runs. */
  Set<String> indexed() {
    return indexed;
  }

  /** What a search started with, to check its hits against. */
  record Before(long phase, long commits, Set<String> indexed, Set<String> pending) {}

  Before before() {
    long stamp = phase.get();
    return new Before(stamp, commits.get(), indexed, pending);
  }

  /**
   * Checks a search's hits: unique ids, at most k, no file whose deletion was committed before
   * the search began, and when the writer thread did not move on meanwhile, only files indexed
   * before or (during a call) after the call.
   */
  void checkHits(SearchResults results, int k, Before before, String what) {
    List<Hit> hits = results.hits();
    assertTrue(hits.size() <= k, what + ": " + hits.size() + " hits for k " + k);
    Set<String> ids = new HashSet<>();
    for (Hit hit : hits) {
      assertTrue(ids.add(hit.chunkId()), what + ": chunk " + hit.chunkId() + " twice");
      Long deleted = deletedAt.get(hit.path());
      if (deleted != null && deleted <= before.commits()) {
        fail(what + ": hit " + hit.chunkId() + " of " + hit.path() + ", deleted at commit "
            + deleted + ", before the search began at commit " + before.commits());
      }
    }
    if (phase.get() == before.phase() && before.phase() % 3 != 1) {
      for (Hit hit : hits) {
        assertTrue(before.indexed().contains(hit.path())
            || before.phase() % 3 == 2 && before.pending().contains(hit.path()),
            what + ": hit of " + hit.path() + ", not indexed: " + new TreeSet<>(before.indexed()));
      }
    }
  }

  /**
   * Checks the files of a search for every chunk: when the writer thread did not move on
   * meanwhile, exactly the files indexed, before or (during a call) after the call.
   */
  void checkAll(Collection<String> paths, Before before, String what) {
    if (phase.get() != before.phase() || before.phase() % 3 == 1) {
      return;
    }
    Set<String> found = new TreeSet<>(paths);
    assertEquals(paths.size(), found.size(), what + ": a file twice in " + paths);
    if (before.phase() % 3 == 0 || !found.equals(before.pending())) {
      assertEquals(new TreeSet<>(before.indexed()), found, what + (before.phase() % 3 == 0
          ? "" : ", during a call to index " + new TreeSet<>(before.pending())));
    }
  }

  /** Checks a count of every chunk, as {@link #checkAll} does. */
  void checkCount(int count, Before before, String what) {
    if (phase.get() != before.phase() || before.phase() % 3 == 1) {
      return;
    }
    if (before.phase() % 3 == 0 || count != before.pending().size()) {
      assertEquals(before.indexed().size(), count, what);
    }
  }

  /**
   * Edits, adds or deletes one file {@code n<i>.md} of the docs folder, {@code stable <= i <
   * files}; a deleted file's path goes to {@code deleted}.
   */
  void changeDocs(Random random, Set<String> deleted, int stable, int files) throws IOException {
    Path file = docs.resolve("n" + (stable + random.nextInt(files - stable)) + ".md");
    String path = hitPath(file);
    if (Files.exists(file) && random.nextInt(3) == 0) {
      Files.delete(file);
      deleted.add(path);
    } else {
      deleted.remove(path);
      deletedAt.remove(path);
      writeNote(file, random);
    }
  }

  /** A read-only engine's thread: {@code ops} searches and stats, none of which may fail. */
  Void readOnly(Relearn reader, Random random, int ops, AtomicBoolean stop) throws IOException {
    for (int op = 0; op < ops && !stop.get(); op++) {
      operations.incrementAndGet();
      switch (random.nextInt(4)) {
        case 0 -> reader.stats();
        case 1 -> reader.feedbackStats();
        default -> {
          SearchMode mode = SearchMode.values()[random.nextInt(SearchMode.values().length)];
          int k = 1 + random.nextInt(10);
          assertTrue(reader.search(SearchRequest.of(query(random)).withK(k).withMode(mode))
              .hits().size() <= k);
        }
      }
    }
    return null;
  }

  /** The hit paths of the files in {@code folder}. */
  Set<String> files(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.filter(file -> file.toString().endsWith(".md")) // not a note being saved
          .map(this::hitPath).collect(Collectors.toCollection(HashSet::new));
    }
  }

  /**
   * Asserts that no file under {@code index} holds a query's own word (privacy), and that at
   * least {@code atLeast} queries were made. Read every file only once the engines are closed:
   * closing any channel on {@code write.lock} releases this process's lock on it.
   */
  void assertNoQueryWordOnDisk(Path index, int atLeast) throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(index)) {
      files = walk.filter(Files::isRegularFile).toList();
    }
    for (Path file : files) {
      String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
      for (String word : queryWords) {
        assertFalse(text.contains(word), "query word " + word + " in " + file);
      }
    }
    assertTrue(queryWords.size() >= atLeast, queryWords.size() + " queries");
  }

  /** Every thread's stack, for a test that timed out. */
  static String threadDump() {
    StringBuilder out = new StringBuilder();
    Thread.getAllStackTraces().forEach((thread, stack) -> {
      out.append(thread.getName()).append(' ').append(thread.getState()).append('\n');
      for (StackTraceElement frame : stack) {
        out.append("    at ").append(frame).append('\n');
      }
    });
    return out.toString();
  }
}
