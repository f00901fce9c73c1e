package dev.relearn.engine;

import dev.relearn.feedback.event.Rating;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.files.AtomicFiles;
import dev.relearn.lucene.files.OwnerOnly;
import dev.relearn.lucene.weights.QueryClass;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The most recent feedback, for dashboards: at most {@link #LIMIT} {@link FeedbackSummary}s, kept
 * in memory and appended to a small text file in the index folder so that they outlive a restart.
 *
 * <p>One line per summary: {@code millis query-class signal outcome rating used}, with the rating
 * as {@code up}, {@code down}, {@code N*} (stars) or {@code -}. No query text, session or chunk id
 * is ever written. The file is a display log, not acknowledged data: the feedback store holds the
 * events themselves, so appends are not fsynced, and a line torn by a crash is skipped (and
 * counted) when the file is read back. When the file grows past twice the limit it is rewritten
 * atomically with the newest {@link #LIMIT} lines. Thread-safe.
 */
final class RecentFeedback {
  /** How many summaries are kept. */
  static final int LIMIT = 500;
  /** The file's name in the index folder. */
  static final String FILE = "recent-feedback.log";

  private final Path file;
  private final boolean writable;
  private final ArrayDeque<FeedbackSummary> recent = new ArrayDeque<>();
  private int fileLines;
  private int skippedLines;

  private RecentFeedback(Path file, boolean writable) {
    this.file = file;
    this.writable = writable;
  }

  /** Reads what {@code folder} holds (nothing if the file is missing). */
  static RecentFeedback open(Path folder, boolean writable) throws IOException {
    RecentFeedback log = new RecentFeedback(folder.resolve(FILE), writable);
    if (Files.exists(log.file)) {
      for (String line : Files.readAllLines(log.file, StandardCharsets.UTF_8)) {
        log.fileLines++;
        FeedbackSummary summary = parse(line);
        if (summary == null) {
          log.skippedLines++;
        } else {
          log.remember(summary);
        }
      }
    }
    return log;
  }

  /** Keeps {@code summary} and appends it to the file (when writable). */
  synchronized void add(FeedbackSummary summary) throws IOException {
    remember(summary);
    if (!writable) {
      return;
    }
    if (fileLines >= 2 * LIMIT) {
      rewrite();
    } else {
      Files.writeString(file, format(summary) + "\n", StandardCharsets.UTF_8,
          StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
      fileLines++;
      if (fileLines == 1) {
        OwnerOnly.restrict(file);
      }
    }
  }

  /** Forgets every summary, and empties the file (when writable). */
  synchronized void clear() throws IOException {
    recent.clear();
    if (writable && Files.exists(file)) {
      rewrite();
    }
  }

  /** The newest {@code limit} summaries, newest first. */
  synchronized List<FeedbackSummary> newest(int limit) {
    if (limit < 0) {
      throw new IllegalArgumentException("limit must be >= 0, got: " + limit);
    }
    List<FeedbackSummary> out = new ArrayList<>(Math.min(limit, recent.size()));
    var it = recent.descendingIterator();
    while (it.hasNext() && out.size() < limit) {
      out.add(it.next());
    }
    return out;
  }

  /** Lines of the file that could not be read back when it was opened (torn by a crash). */
  synchronized int skippedLines() {
    return skippedLines;
  }

  private void remember(FeedbackSummary summary) {
    recent.addLast(summary);
    if (recent.size() > LIMIT) {
      recent.removeFirst();
    }
  }

  private void rewrite() throws IOException {
    StringBuilder text = new StringBuilder();
    for (FeedbackSummary summary : recent) {
      text.append(format(summary)).append('\n');
    }
    AtomicFiles.write(file, text.toString().getBytes(StandardCharsets.UTF_8), true);
    fileLines = recent.size();
  }

  static String format(FeedbackSummary s) {
    Rating r = s.rating();
    String rating = r == null ? "-" : r.stars() ? r.value() + "*" : r.value() > 0 ? "up" : "down";
    return s.millis() + " " + s.queryClass().label() + " " + s.signal().label() + " "
        + s.outcome().label() + " " + rating + " " + s.used();
  }

  /** The summary on {@code line}, or null if it is not a valid line. */
  static FeedbackSummary parse(String line) {
    String[] f = line.strip().split(" ");
    if (f.length != 6) {
      return null;
    }
    try {
      Rating rating = switch (f[4]) {
        case "-" -> null;
        case "up" -> Rating.thumbs(true);
        case "down" -> Rating.thumbs(false);
        default -> f[4].endsWith("*")
            ? Rating.stars(Integer.parseInt(f[4].substring(0, f[4].length() - 1))) : invalid();
      };
      return new FeedbackSummary(Long.parseLong(f[0]), QueryClass.fromLabel(f[1]),
          SignalClass.valueOf(f[2].toUpperCase(Locale.ROOT)), Outcome.fromLabel(f[3]), rating,
          Integer.parseInt(f[5]));
    } catch (IllegalArgumentException e) { // NumberFormatException included: a torn line
      return null;
    }
  }

  private static Rating invalid() {
    throw new IllegalArgumentException("not a rating");
  }
}
