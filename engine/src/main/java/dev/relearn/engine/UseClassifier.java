package dev.relearn.engine;

import dev.relearn.feedback.event.SignalClass;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The learning policy of an agent's session (MCP's {@code record_feedback}): classifies each
 * used chunk by what the session's searches showed, newest list first:
 *
 * <ol>
 *   <li><b>very strong</b>: in the list of the context's latest {@code search};
 *   <li><b>discovery</b>: not there, but in a {@code search_all} list that no {@code search}
 *       before it had shown (the escape valve found what the first list missed);
 *   <li><b>strong</b>: in an earlier {@code search} list of the context;
 *   <li><b>weak</b>: in no list the context was shown.
 * </ol>
 *
 * Uses are grouped into one event per (class, list), in order of first use. Stateless.
 */
public final class UseClassifier {
  private UseClassifier() {}

  /**
   * Groups {@code used} (distinct chunk ids) by signal class, given the context's {@code lists},
   * oldest first; {@code query} null takes each list's own query.
   */
  public static List<UseGroup> classify(List<ShownList> lists, List<String> used, String query) {
    ShownList latest = null;
    for (ShownList list : lists) {
      if (list.kind() == ShownList.Kind.SEARCH) {
        latest = list;
      }
    }
    Map<String, Builder> groups = new LinkedHashMap<>();
    for (String id : used) {
      Placement placement = place(lists, latest, id);
      String key = placement.signal().name() + "@"
          + (placement.list() == null ? -1 : placement.list().sequence());
      groups.computeIfAbsent(key, k -> new Builder(placement)).used.add(id);
    }
    List<UseGroup> out = new ArrayList<>();
    for (Builder builder : groups.values()) {
      out.add(builder.build(query));
    }
    return out;
  }

  /** Where a chunk was found: the class and the list (null for a weak use with no list). */
  private record Placement(SignalClass signal, ShownList list) {}

  private static Placement place(List<ShownList> lists, ShownList latest, String id) {
    if (latest != null && latest.contains(id)) {
      return new Placement(SignalClass.VERY_STRONG, latest);
    }
    for (int i = lists.size() - 1; i >= 0; i--) {
      ShownList list = lists.get(i);
      if (list.kind() == ShownList.Kind.WIDER && list.contains(id)
          && !shownBefore(lists, i, id)) {
        return new Placement(SignalClass.DISCOVERY, list);
      }
    }
    for (int i = lists.size() - 1; i >= 0; i--) {
      ShownList list = lists.get(i);
      if (list.kind() == ShownList.Kind.SEARCH && list != latest && list.contains(id)) {
        return new Placement(SignalClass.STRONG, list);
      }
    }
    return new Placement(SignalClass.WEAK,
        latest != null ? latest : lists.isEmpty() ? null : lists.get(lists.size() - 1));
  }

  /** Whether a {@code search} list before {@code lists[end]} showed {@code id}. */
  private static boolean shownBefore(List<ShownList> lists, int end, String id) {
    for (int i = 0; i < end; i++) {
      if (lists.get(i).kind() == ShownList.Kind.SEARCH && lists.get(i).contains(id)) {
        return true;
      }
    }
    return false;
  }

  /** One group being filled. */
  private static final class Builder {
    final Placement placement;
    final List<String> used = new ArrayList<>();

    Builder(Placement placement) {
      this.placement = placement;
    }

    UseGroup build(String query) {
      ShownList list = placement.list();
      String text = query != null ? query : list != null ? list.query() : null;
      SignalClass signal = placement.signal();
      return new UseGroup(signal, used, text, list == null ? List.of() : list.shown(),
          signal != SignalClass.STRONG, signal == SignalClass.DISCOVERY);
    }
  }
}
