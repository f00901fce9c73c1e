package dev.relearn.feedback.index;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.schema.ChunkIds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Past queries with their evidence moved to the chunks' current ids: the index keeps the ids
 * evidence was recorded under, and a renamed chunk's evidence counts for its new id (summed when
 * two ids became one).
 */
final class RenamedEvidence {
  private RenamedEvidence() {}

  /**
   * Every renamed id of {@code aliases} (each old id to the id it was renamed to, one step)
   * mapped to its current id, both {@link ChunkIds#canonical}; immutable. Each id is followed
   * once: the ids of one chain (a chunk edited at every save) share its end.
   */
  static Map<String, String> resolved(Map<String, String> aliases) {
    Map<String, String> ends = HashMap.newHashMap(aliases.size());
    for (String from : aliases.keySet()) {
      String next = aliases.get(from);
      if (ends.containsKey(from) || !aliases.containsKey(next)) { // followed, or one step
        ends.putIfAbsent(from, next);
        continue;
      }
      Set<String> chain = new LinkedHashSet<>();
      String id = from;
      while (aliases.containsKey(id) && !ends.containsKey(id) && chain.add(id)) {
        id = aliases.get(id);
      }
      String end = ends.getOrDefault(id, id);
      chain.forEach(step -> ends.put(step, end));
    }
    Map<String, String> current = HashMap.newHashMap(ends.size());
    ends.forEach((from, end) -> current.put(ChunkIds.canonical(from), ChunkIds.canonical(end)));
    return Map.copyOf(current);
  }

  /**
   * The current id of {@code chunkId}, following every rename of {@code aliases}, however many
   * edits ago; a cycle, which renames never make, stops at its first id seen twice.
   */
  static String current(Map<String, String> aliases, String chunkId) {
    String id = chunkId;
    Set<String> seen = null; // most ids were never renamed
    while (aliases.containsKey(id)) {
      seen = seen == null ? new HashSet<>() : seen;
      if (!seen.add(id)) {
        break;
      }
      id = aliases.get(id);
    }
    return id;
  }

  /**
   * Whether an id of {@code named} resolves to another current id in {@code after} than in
   * {@code before} (both as {@link #resolved} gives them): only then did evidence move.
   */
  static boolean moved(Map<String, String> before, Map<String, String> after, Set<String> named) {
    Set<String> aliases = new HashSet<>(before.keySet());
    aliases.addAll(after.keySet());
    return aliases.stream().anyMatch(id -> named.contains(id)
        && !before.getOrDefault(id, id).equals(after.getOrDefault(id, id)));
  }

  /**
   * Whether evidence of {@code named} counted for {@code to} in {@code before} (as {@link
   * #resolved} gives it): a chunk renamed to {@code to} brings only its own learned values. The
   * evidence recorded under {@code to} itself did not when {@code to} was renamed (an edit that is
   * now reverted).
   */
  static boolean countedFor(Map<String, String> before, Set<String> named, String to) {
    return (named.contains(to) && !before.containsKey(to)) || before.entrySet().stream()
        .anyMatch(link -> link.getValue().equals(to) && named.contains(link.getKey()));
  }

  /**
   * The one current id whose evidence, all of it, now counts for {@code to} instead, when that is
   * all a rename changed (and nothing counted for {@code to} before: {@link #countedFor}); null
   * when the rename moved nothing, or more than that. Maps as {@link #resolved} gives them.
   */
  static String wholeMove(Map<String, String> before, Map<String, String> after,
      Set<String> named, String to) {
    Set<String> aliases = new HashSet<>(before.keySet());
    aliases.addAll(after.keySet());
    String source = null;
    for (String id : aliases) {
      String was = before.getOrDefault(id, id);
      if (!named.contains(id) || was.equals(after.getOrDefault(id, id))) {
        continue;
      }
      if (!after.getOrDefault(id, id).equals(to) || (source != null && !source.equals(was))) {
        return null;
      }
      source = was;
    }
    if (source == null || (named.contains(source) && !after.containsKey(source))) {
      return null; // nothing moved, or the source's own evidence stayed
    }
    for (String id : aliases) {
      if (named.contains(id) && before.getOrDefault(id, id).equals(source)
          && after.getOrDefault(id, id).equals(source)) {
        return null; // part of the source's evidence stayed
      }
    }
    return source;
  }

  /**
   * The old ids of {@code aliases} that evidence naming {@code named} still goes through (the
   * others are dead: their events were forgotten or expired).
   */
  static Set<String> needed(Map<String, String> aliases, Set<String> named) {
    Set<String> needed = new HashSet<>();
    for (String id : named) {
      String at = id;
      while (aliases.containsKey(at) && needed.add(at)) {
        at = aliases.get(at);
      }
    }
    return needed;
  }

  /** {@code found} with every renamed chunk id replaced by its current id (in {@code renamed}). */
  static List<PastQuery> follow(List<PastQuery> found, Map<String, String> renamed) {
    if (renamed.isEmpty()) {
      return found;
    }
    List<PastQuery> out = new ArrayList<>(found.size());
    for (PastQuery query : found) {
      out.add(follow(query, renamed));
    }
    return out;
  }

  private static PastQuery follow(PastQuery query, Map<String, String> renamed) {
    if (query.chunks().keySet().stream().noneMatch(renamed::containsKey)) {
      return query;
    }
    Map<String, ChunkEvidence> current = HashMap.newHashMap(query.chunks().size());
    query.chunks().forEach((chunk, evidence) ->
        current.merge(renamed.getOrDefault(chunk, chunk), evidence, ChunkEvidence::plus));
    return new PastQuery(query.similarity(), query.events(), current, query.lastMillis(),
        query.scale(), query.sessions(), query.share());
  }
}
