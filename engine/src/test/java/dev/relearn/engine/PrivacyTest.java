package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.engine.search.SearchRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The privacy invariant: raw query text is never persisted. Distinctive queries are searched and
 * recorded as feedback (including a forget and a reopen); then no file under the index folder
 * and no log or console output may contain them, and the feedback store's files are owner-only.
 */
class PrivacyTest {
  private static final List<String> SECRETS = List.of(
      "zanzibar quokka protocol 7731", "why does ferrocene-lattice-9 leak", "Xylophone_Marmoset");

  @TempDir Path tmp;

  @Test
  void queryTextReachesNoFileAndNoLog() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# Protocols\nThe handshake protocol leaks keys.\n");
    Files.writeString(docs.resolve("b.md"), "# Lattices\nA lattice of iron atoms.\n");
    Path index = tmp.resolve("index");
    List<String> logged = new ArrayList<>();
    Handler capture = new Handler() {
      @Override
      public void publish(LogRecord record) {
        logged.add(record.getMessage() + " " + record.getThrown());
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    Logger root = Logger.getLogger("");
    Level level = root.getLevel();
    root.addHandler(capture);
    root.setLevel(Level.ALL);
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    PrintStream captured = new PrintStream(console, true, StandardCharsets.UTF_8);
    System.setOut(captured);
    System.setErr(captured);
    try {
      RelearnOptions options = RelearnOptions.defaults().withModel(ModelChoice.HASHING);
      try (Relearn relearn = Relearn.open(index, options)) {
        relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
        for (String secret : SECRETS) {
          String id = relearn.search(SearchRequest.of(secret)).hits().get(0).chunkId();
          relearn.feedback(FeedbackRequest.of(secret, List.of(id)).withOutcome(Outcome.SUCCESS)
              .withIds("session-" + secret.length(), null));
        }
        relearn.feedback(FeedbackRequest.of(SECRETS.get(0), List.of(
            relearn.search(SearchRequest.of(SECRETS.get(1))).hits().get(0).chunkId(),
            "unknown#id")).withIds("other", null));
        relearn.feedbackStore().compact();
        relearn.feedbackStore().forgetSession(relearn.feedbackStore().sessions().hash("other"));
      }
      try (Relearn reopened = Relearn.open(index, RelearnOptions.defaults()
          .withModel(ModelChoice.HASHING))) {
        assertEquals(3, reopened.feedbackStore().stats().ledgerEvents());
      }
    } finally {
      System.setOut(out);
      System.setErr(err);
      root.removeHandler(capture);
      root.setLevel(level);
    }
    List<String> leaks = new ArrayList<>();
    try (Stream<Path> files = Files.walk(index)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        String content = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1)
            .toLowerCase(Locale.ROOT);
        for (String secret : SECRETS) {
          for (String word : distinctiveWords(secret)) {
            if (content.contains(word)) {
              leaks.add(file + " contains '" + word + "'");
            }
          }
        }
      }
    }
    String logs = (console.toString(StandardCharsets.UTF_8) + String.join("\n", logged))
        .toLowerCase(Locale.ROOT);
    for (String secret : SECRETS) {
      for (String word : distinctiveWords(secret)) {
        if (logs.contains(word)) {
          leaks.add("log output contains '" + word + "'");
        }
      }
    }
    assertTrue(leaks.isEmpty(), String.join("\n", leaks));
    for (String folder : List.of("", "feedback", "feedback/events",
        "feedback/log")) { // "": the index folder, which relearn created
      assertEquals("rwx------", PosixFilePermissions.toString(
          Files.getPosixFilePermissions(index.resolve(folder))), folder);
    }
  }

  /** The words of a secret that appear in no document: any of them in a file is a leak. */
  private static List<String> distinctiveWords(String secret) throws IOException {
    List<String> words = new ArrayList<>();
    for (String word : secret.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
      if (word.length() >= 6 && !List.of("protocol", "lattice").contains(word)) {
        words.add(word);
      }
    }
    assertTrue(!words.isEmpty());
    return words;
  }
}
