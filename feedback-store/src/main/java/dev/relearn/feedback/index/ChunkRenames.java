package dev.relearn.feedback.index;

import dev.relearn.lucene.schema.ChunkIds;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The chunk renames of {@link RecordedEvents}: each old id's link to the id it was renamed to (one
 * step, as the events index stores them), and each renamed id's current id with its inverse, kept
 * up to date as renames come. A rename then costs the ids it moves, not a pass over every rename
 * recorded: an index edited for months holds tens of thousands, and a save that renames many
 * chunks (a file reformatted, a folder moved) paid for all of them at each one. A rename of an id
 * that was renamed before (an edit reverted) resolves them all again. Thread-safe; {@link
 * #links()} is read and {@link #put} called under the owner's lock.
 */
final class ChunkRenames {
  private final Map<String, String> links = new HashMap<>();
  private final Map<String, String> ends = new HashMap<>(); // renamed id -> current id
  private final Map<String, Set<String>> starts = new HashMap<>(); // current id -> renamed ids
  private volatile Map<String, String> resolved = Map.of(); // null when renames came since

  /** The links, each old id to the id it was renamed to. */
  Map<String, String> links() {
    return links;
  }

  /** Adds a link read from the index; {@link #resolveAll} follows the links read. */
  synchronized void put(String from, String to) {
    links.put(from, to);
  }

  /** Follows every link again, from the links alone. */
  synchronized void resolveAll() {
    Map<String, String> all = RenamedEvidence.resolved(links);
    ends.clear();
    starts.clear();
    ends.putAll(all);
    all.forEach((from, end) -> starts.computeIfAbsent(end, id -> new HashSet<>()).add(from));
    resolved = all;
  }

  /** Every renamed id mapped to its current id, both {@link ChunkIds#canonical}; immutable. */
  Map<String, String> resolved() {
    Map<String, String> current = resolved;
    return current != null ? current : publish();
  }

  private synchronized Map<String, String> publish() {
    if (resolved == null) {
      resolved = Map.copyOf(ends);
    }
    return resolved;
  }

  /**
   * Records that {@code from} is now {@code to} ({@code to}'s own link goes), and says what that
   * did to the evidence recorded under {@code named} ids, as {@link RenamedEvidence} tells.
   */
  synchronized RenameEffect rename(String from, String to, Set<String> named) {
    String old = ChunkIds.canonical(from);
    String now = ChunkIds.canonical(to);
    if (links.containsKey(old) || links.containsKey(now)) {
      return renameResolvingAll(old, now, named);
    }
    Set<String> moving = starts.remove(old); // every id that ended at old now ends at now
    moving = moving == null ? new HashSet<>() : moving;
    moving.add(old);
    boolean counted = named.contains(now)
        || starts.getOrDefault(now, Set.of()).stream().anyMatch(named::contains);
    links.put(old, now);
    moving.forEach(id -> ends.put(id, now));
    starts.computeIfAbsent(now, id -> new HashSet<>()).addAll(moving);
    resolved = null;
    if (counted) {
      return new RenameEffect(true, null);
    }
    boolean moved = moving.stream().anyMatch(named::contains);
    return new RenameEffect(moved, moved ? old : null); // all that ended at old, as it was
  }

  private RenameEffect renameResolvingAll(String from, String to, Set<String> named) {
    Map<String, String> before = resolved();
    links.remove(to);
    links.put(from, to);
    resolveAll();
    Map<String, String> after = resolved;
    if (RenamedEvidence.countedFor(before, named, to)) {
      return new RenameEffect(true, null);
    }
    String whole = RenamedEvidence.wholeMove(before, after, named, to);
    return new RenameEffect(whole != null || RenamedEvidence.moved(before, after, named), whole);
  }
}
