package dev.relearn.feedback.store;

import dev.relearn.lucene.feedback.PastQuery;
import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The forgets that were asked for and have not finished: sessions, or everything. Every ledger
 * commit carries them in its user data ({@link Checkpointer}), from the commit that first names a
 * forget until the one after it has finished, so that an open after a crash or an I/O error in
 * between finishes it ({@link Rewrites#finishForget()}) whatever was committed meanwhile. Before,
 * a checkpoint's ledger commit dropped the mark of a forget that had failed half-way, and the
 * next open brought the session's query vectors back. Until then, the process it failed in
 * retries it ({@link ForgetRetries}) and its similar-query lookups skip the marked sessions'
 * clusters ({@link #lookUp}), as do read-only processes that see the mark. Thread-safe.
 *
 * <p>In the user data: {@value #FORGET_ALL} {@code = true} for a forget-all; the first session
 * under {@value #FORGET_SESSION} (as relearn wrote its single mark before), any others under
 * {@value #FORGET_SESSION}{@code .1}, {@code .2}, ...
 */
final class ForgetMarks {
  /** The ledger's user-data key naming a session whose forget has not finished. */
  static final String FORGET_SESSION = "relearn.forget.session";
  /** The ledger's user-data key marking a forget-all that has not finished. */
  static final String FORGET_ALL = "relearn.forget.all";

  /** A similar-query lookup that skips the clusters any of {@code sessions} contributed to. */
  @FunctionalInterface
  interface Lookup {
    List<PastQuery> similar(float[] queryVector, float minSimilarity, int max,
        Collection<String> sessions) throws IOException;
  }

  private final Set<String> sessions = new LinkedHashSet<>(); // guarded by this
  private boolean all; // guarded by this
  /** Whether any forget is unfinished: read without the lock by every similar-query lookup. */
  private volatile boolean any;

  /** The marks in a ledger commit's {@code userData}. */
  static ForgetMarks read(Map<String, String> userData) {
    ForgetMarks marks = new ForgetMarks();
    userData.forEach((key, value) -> {
      if (key.equals(FORGET_SESSION) || key.startsWith(FORGET_SESSION + ".")) {
        marks.sessions.add(value);
      } else if (key.equals(FORGET_ALL)) {
        marks.all = true;
      }
    });
    marks.any = marks.all || !marks.sessions.isEmpty();
    return marks;
  }

  /** Marks a forget of {@code sessionHash}, or of everything when it is null. */
  synchronized void add(String sessionHash) {
    if (sessionHash == null) {
      all = true;
    } else {
      sessions.add(sessionHash);
    }
    any = true;
  }

  /**
   * Clears the mark of a forget of {@code sessionHash} that has finished; a finished forget-all
   * ({@code null}) clears every mark, as it deleted every session's feedback too.
   */
  synchronized void finished(String sessionHash) {
    if (sessionHash == null) {
      all = false;
      sessions.clear();
    } else {
      sessions.remove(sessionHash);
    }
    any = all || !sessions.isEmpty();
  }

  /** Whether no forget is unfinished; takes no lock. */
  boolean isEmpty() {
    return !any;
  }

  /** Whether a forget-all is unfinished. */
  synchronized boolean all() {
    return all;
  }

  /** The sessions whose forgets are unfinished, in the order they were asked for. */
  synchronized List<String> sessions() {
    return List.copyOf(sessions);
  }

  /**
   * What {@code lookup} finds without the clusters that the unfinished forgets will delete when
   * they finish: the marked sessions' (exactly those a forget deletes), or every one while a
   * forget-all is unfinished. Takes no lock when no forget is unfinished.
   */
  List<PastQuery> lookUp(Lookup lookup, float[] queryVector, float minSimilarity, int max)
      throws IOException {
    if (isEmpty()) {
      return lookup.similar(queryVector, minSimilarity, max, List.of());
    }
    List<String> skipped;
    synchronized (this) {
      if (all) {
        return List.of();
      }
      skipped = List.copyOf(sessions);
    }
    return lookup.similar(queryVector, minSimilarity, max, skipped);
  }

  /** The marks as a ledger commit's user data records them. */
  synchronized Map<String, String> userData() {
    Map<String, String> data = new HashMap<>();
    if (all) {
      data.put(FORGET_ALL, "true");
    }
    int n = 0;
    for (String session : sessions) {
      data.put(n == 0 ? FORGET_SESSION : FORGET_SESSION + "." + n, session);
      n++;
    }
    return data;
  }

  @Override
  public synchronized String toString() {
    return "ForgetMarks[all=" + all + ", sessions=" + sessions.size() + "]";
  }
}
