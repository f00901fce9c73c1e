package dev.relearn.feedback.store;

import dev.relearn.lucene.feedback.PastQuery;
import java.io.IOException;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The forgets under way in this process, and those a failure stopped before they finished (the
 * store's reopening replays them from the log): sessions, or everything. Similar-query lookups
 * skip the clusters they will delete ({@link #lookUp}). Thread-safe.
 */
final class ForgetMarks {
  /** A similar-query lookup that skips the clusters any of {@code sessions} contributed to. */
  @FunctionalInterface
  interface Lookup {
    List<PastQuery> similar(float[] queryVector, float minSimilarity, int max,
        Collection<String> sessions) throws IOException;
  }

  private final Set<String> sessions = new LinkedHashSet<>(); // guarded by this
  private boolean all; // guarded by this
  /** Whether any forget is marked: read without the lock by every similar-query lookup. */
  private volatile boolean any;

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

  /**
   * What {@code lookup} finds without the clusters that the marked forgets delete: the marked
   * sessions', or every one while a forget-all is marked. Takes no lock when none is marked.
   */
  List<PastQuery> lookUp(Lookup lookup, float[] queryVector, float minSimilarity, int max)
      throws IOException {
    if (!any) {
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

  @Override
  public synchronized String toString() {
    return "ForgetMarks[all=" + all + ", sessions=" + sessions.size() + "]";
  }
}
