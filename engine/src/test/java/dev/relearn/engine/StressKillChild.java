package dev.relearn.engine;

import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The process {@link StressKillTest} kills with SIGKILL: on one read-write engine, a thread
 * searches and records feedback on the hits, another changes files of the docs folder and
 * indexes it, a third checkpoints the feedback store at random moments. Until killed.
 *
 * <p>Arguments: the index folder, the docs folder, the round (prefixes event ids and file
 * generations) and a seed. Protocol on stdout, flushed per line: {@code SEND <event id>} before
 * and {@code ACK <event id> <duplicate>} after a feedback call; {@code STATE <name>=<title>;...}
 * (every file) before an index call, {@code WRITING <chunks>} when it begins to write and
 * {@code INDEXED ...} after it returned.
 */
public final class StressKillChild {
  /**
   * Prints {@code WRITING <chunks>} when an index call begins to write, and stretches its writes
   * (as a large source's HNSW build does) to 2 ms a chunk, so that checkpoints and kills land
   * among them.
   */
  private static final Progress SLOW_WRITES = new Progress() {
    private volatile boolean writing;

    @Override
    public void start(String task, long total) {
      writing = task.equals("writing");
      if (writing) {
        System.out.println("WRITING " + total);
        System.out.flush();
      }
    }

    @Override
    public void advance(long done) {
      if (writing) {
        try {
          Thread.sleep(2);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }

    @Override
    public void finish() {
      writing = false;
    }
  };

  private StressKillChild() {}

  /** Runs until killed; see the class comment. */
  public static void main(String[] args) throws Exception {
    Path index = Path.of(args[0]);
    Path docs = Path.of(args[1]);
    int round = Integer.parseInt(args[2]);
    Random seeds = new Random(Long.parseLong(args[3]));
    PrintStream out = System.out;
    Relearn relearn = Relearn.open(index,
        TestOptions.HASHING.withLockHolder("stress child " + round));
    out.println("OPEN");
    out.flush();
    start("feedback", () -> feedback(relearn, round, new Random(seeds.nextLong()), out));
    start("checkpoints", () -> checkpoints(relearn, new Random(seeds.nextLong())));
    indexForever(relearn, docs, round, new Random(seeds.nextLong()), out);
  }

  @FunctionalInterface
  private interface Work {
    void run() throws Exception;
  }

  private static void start(String name, Work work) {
    Thread thread = new Thread(() -> {
      try {
        work.run();
      } catch (Throwable e) {
        System.err.println(name + " thread failed:");
        e.printStackTrace();
        System.err.flush();
        Runtime.getRuntime().halt(3);
      }
    }, name);
    thread.setDaemon(true);
    thread.start();
  }

  private static void feedback(Relearn relearn, int round, Random random, PrintStream out)
      throws IOException {
    StressWorld words = new StressWorld(Files.createTempDirectory("stress-words"));
    for (int n = 0; ; n++) {
      SearchResults results = relearn.search(SearchRequest.of(words.query(random))
          .withMode(SearchMode.values()[random.nextInt(SearchMode.values().length)]));
      if (results.hits().isEmpty()) {
        continue;
      }
      List<String> used = StressWorld.used(results, random);
      String id = "r" + round + "-" + n;
      out.println("SEND " + id);
      out.flush();
      FeedbackAck ack = relearn.feedback(FeedbackRequest.of(words.query(random), used)
          .withIds("s" + n % 3, id).withShownResults(results, true, false));
      out.println("ACK " + ack.eventId() + " " + ack.duplicate());
      out.flush();
    }
  }

  private static void checkpoints(Relearn relearn, Random random) throws Exception {
    while (true) {
      Thread.sleep(random.nextInt(40));
      relearn.feedbackStore().checkpoint();
    }
  }

  private static void indexForever(Relearn relearn, Path docs, int round, Random random,
      PrintStream out) throws IOException {
    for (int generation = 0; ; generation++) {
      for (int change = 0; change < 10 + random.nextInt(30); change++) {
        Path file = docs.resolve("n" + random.nextInt(120) + ".md");
        if (Files.exists(file) && random.nextInt(4) == 0) {
          Files.delete(file);
        } else {
          writeNote(file, "g" + round + "x" + generation, random);
        }
      }
      out.println("STATE " + state(docs));
      out.flush();
      long started = System.nanoTime();
      IndexReport report = relearn.index(docs, SourceFormat.AUTO, SLOW_WRITES);
      out.println("INDEXED " + report.added() + " " + report.updated() + " " + report.deleted()
          + " in " + (System.nanoTime() - started) / 1_000_000 + " ms");
      out.flush();
    }
  }

  /** A one-chunk note whose title names its file and generation. */
  static void writeNote(Path file, String generation, Random random) throws IOException {
    StringBuilder text = new StringBuilder("# " + file.getFileName() + " " + generation + "\n"
        + StressWorld.COMMON);
    for (int w = 0; w < 10; w++) {
      text.append(' ').append(StressWorld.WORDS[random.nextInt(StressWorld.WORDS.length)]);
    }
    Files.writeString(file, text.append(".\n"));
  }

  /** Every file's name and title, sorted: "n1.md=n1.md g0x3;n2.md=...". */
  static String state(Path docs) throws IOException {
    TreeMap<String, String> titles = new TreeMap<>();
    try (Stream<Path> files = Files.list(docs)) {
      for (Path file : files.toList()) {
        String first = Files.readAllLines(file).getFirst();
        titles.put(file.getFileName().toString(), first.substring(2));
      }
    }
    StringBuilder out = new StringBuilder();
    titles.forEach((name, title) -> out.append(name).append('=').append(title).append(';'));
    return out.toString();
  }
}
