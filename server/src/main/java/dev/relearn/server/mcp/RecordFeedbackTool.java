package dev.relearn.server.mcp;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.FeedbackStatsViews;
import dev.relearn.engine.Relearn;
import dev.relearn.engine.TrustState;
import dev.relearn.engine.TrustViews;
import dev.relearn.engine.UseClassifier;
import dev.relearn.engine.UseGroup;
import dev.relearn.engine.WeightsViews;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.server.text.Arguments;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code record_feedback}: the chunks an agent used, classified by what its context's searches
 * showed ({@link UseClassifier}), recorded as one event per class and list (ids the index lacks
 * go with the first, and a call none of whose ids it holds is refused); answers with each event's
 * class and the updated learning statistics.
 */
final class RecordFeedbackTool extends RelearnTool {
  /** The tool's name. */
  static final String NAME = "record_feedback";
  /** The longest idempotency key (events split by class append a short suffix to it). */
  static final int MAX_KEY_CHARS = 100;
  /** The shortest a chunk id in a result is cut to, to fit the result budget. */
  static final int MIN_ID_CHARS = 40;
  /** An idempotency key: printable ASCII without spaces (the same pattern in ECMA-262). */
  static final Pattern KEY_PATTERN = Pattern.compile("^[!-~]+$");

  private final Relearn relearn;
  private final Contexts contexts;

  RecordFeedbackTool(Relearn relearn, Contexts contexts) {
    super(declaration());
    this.relearn = relearn;
    this.contexts = contexts;
  }

  private static McpSchema.Tool declaration() {
    Map<String, Object> input = Schemas.props(
        "used", Schemas.array(Schemas.text(null, FeedbackRequest.MAX_ID_CHARS), "Chunk ids you"
            + " used (from search or search_all), 1 to " + FeedbackRequest.MAX_USED + ".", 1,
            FeedbackRequest.MAX_USED),
        "outcome", Schemas.oneOf("How the task ended.", List.of("success", "failure", "none"),
            "none"),
        "quality", Schemas.number("Optional quality score in [0, 1]; below 0.5 is"
            + " recorded but not learned.", FeedbackRequest.MIN_QUALITY,
            FeedbackRequest.MAX_QUALITY),
        "rating", Schemas.prop(List.of("string", "integer"), "Optional rating: \"up\"/\"+1\","
            + " \"down\"/\"-1\", or 1 to 5 stars (1 is one star: poor)."),
        "idempotency_key", keySchema(),
        "query", Schemas.text("The query the results were for (default: the query of"
            + " the search that showed them). Embedded and dropped, never stored.", 1,
            SearchRequest.MAX_QUERY_CHARS),
        "context", SessionContext.schema("Context of the searches (default: the last"
            + " set_context)."));
    Map<String, Object> event = Schemas.output(Schemas.props(
        "event_id", Schemas.prop("string", null),
        "signal", Schemas.prop("string", "very_strong, strong, discovery or weak"),
        "chunk_ids", Schemas.array(Schemas.prop("string", null), null),
        "duplicate", Schemas.prop("boolean", "Already recorded under this key"),
        "learnability", Schemas.prop("string", "What the event may teach"),
        "unknown_ids", Schemas.array(Schemas.prop("string", null), "Ids the index does not"
            + " hold (kept anyway)")));
    Map<String, Object> output = Schemas.output(Schemas.props(
        "context", Schemas.prop("string", null),
        "events", Schemas.array(event, "One event per signal class and search list"),
        "stats", LearningStats.storeSchema(),
        "weights", Schemas.array(LearningStats.weightsSchema(), "Adaptive weights of the"
            + " query classes involved"),
        "trust", LearningStats.trustSchema(),
        "trimmed", Schemas.prop("string", "Present when chunk ids were cut to fit the result"
            + " budget")), "trimmed");
    return declare(NAME, "Record feedback", "Tell relearn which chunks you used and how the task"
        + " ended, so that later searches rank them better. Each use is classified from what this"
        + " context's searches showed: very_strong (in the latest search), discovery (found with"
        + " search_all after search missed it), strong (in an earlier search of the context) or"
        + " weak (never shown). Returns the classes and the updated learning statistics.", input,
        List.of("used"), output, false, false);
  }

  @Override
  CallToolResult call(Arguments args) throws IOException {
    List<String> used = args.ids("used", FeedbackRequest.MAX_USED,
        FeedbackRequest.MAX_ID_CHARS);
    String outcome = args.label("outcome");
    String rating = args.rating("rating");
    // a bad outcome or rating is the first thing refused, before the context is consulted
    FeedbackRequest.of("labels", used).withOutcome(outcome).withRatingText(rating, null);
    Double quality = args.number("quality", FeedbackRequest.MIN_QUALITY,
        FeedbackRequest.MAX_QUALITY);
    String key = checkKey(args.text(MAX_KEY_CHARS, "idempotency_key"));
    String query = args.text(SearchRequest.MAX_QUERY_CHARS, "query");
    SessionContext context = contexts.get(args.text(SessionContext.MAX_ID_CHARS,
        "context"));
    if (relearn.readOnly()) {
      return RelearnTool.error("record_feedback cannot record: the index " + relearn.directory()
          + " is open read-only because another process holds its write lock. Stop that"
          + " process and restart this server to record feedback; search still works.");
    }
    // refused before any event is recorded when the index holds none of the ids; ids it lacks
    // go with the first event, where they are reported
    Set<String> unknown = relearn.unknownChunkIds(used);
    FeedbackRequest.requireSomeIndexed(used, unknown);
    List<FeedbackRequest> requests = key == null ? null : context.sent(key, used);
    if (requests == null) { // a retry sends what its first call sent, whatever was searched since
      requests = requests(context, used, unknown, query, key, outcome, rating, quality);
      if (key != null) {
        context.sent(key, used, requests);
      }
    }
    List<Recorded> recorded = new ArrayList<>();
    for (FeedbackRequest request : requests) {
      recorded.add(new Recorded(request, FeedbackStatsViews.ack(relearn.feedback(request))));
    }
    Map<String, Object> store = FeedbackStatsViews.map(relearn.recentFeedbackStats());
    Learned learned = new Learned(store, WeightsViews.flat(relearn,
        requests.stream().map(FeedbackRequest::query).toList()),
        relearn.trust());
    CallToolResult full = result(context.id(), recorded, learned, Integer.MAX_VALUE);
    if (ResultBudget.fits(full)) {
      return full;
    }
    int idChars = ResultBudget.largest(MIN_ID_CHARS, FeedbackRequest.MAX_ID_CHARS,
        chars -> ResultBudget.fits(result(context.id(), recorded, learned, chars)));
    return result(context.id(), recorded, learned, Math.max(idChars, MIN_ID_CHARS));
  }

  /**
   * One request per group of {@code used} ids that the same search showed ({@link
   * UseClassifier}); the ids the index lacks go with the first, where they are reported.
   */
  private static List<FeedbackRequest> requests(SessionContext context, List<String> used,
      Set<String> unknown, String query, String key, String outcome, String rating,
      Double quality) {
    List<UseGroup> groups = UseClassifier.classify(context.lists(),
        used.stream().filter(id -> !unknown.contains(id)).toList(), query);
    List<FeedbackRequest> requests = new ArrayList<>();
    for (int i = 0; i < groups.size(); i++) {
      UseGroup group = groups.get(i);
      if (group.query() == null) {
        throw new IllegalArgumentException("record_feedback needs the query the results were for:"
            + " pass 'query', or run search in context " + context.id() + " first");
      }
      // the first event is the key's own: a retry grouped otherwise (a restarted server knows
      // no searches: one weak group) still meets it and is a duplicate, recording nothing
      String eventId = key == null ? null
          : i == 0 ? key : key + "#" + (i + 1) + "-" + group.signal().label();
      List<String> ids = i > 0 ? group.used() : Stream.concat(group.used().stream(),
          used.stream().filter(unknown::contains)).toList();
      requests.add(FeedbackRequest.of(group.query(), ids).withOutcome(outcome)
          .withRatingText(rating, quality).withIds(context.sessionId(), eventId)
          .withShown(group.shown(), group.explicitSearch(), group.afterWiderSearch()));
    }
    return requests;
  }

  /** One event recorded: the request and the store's acknowledgement. */
  private record Recorded(FeedbackRequest request, Map<String, Object> ack) {}

  /** What relearn has learned after the events: store counts, weights, trust in the vote. */
  private record Learned(Map<String, Object> store, List<Map<String, Object>> weights,
      TrustState trust) {}

  /** The result with chunk ids cut to {@code idChars}, and a {@code trimmed} note if any was. */
  private static CallToolResult result(String context, List<Recorded> recorded,
      Learned learned, int idChars) {
    List<Map<String, Object>> events = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    boolean cut = false;
    for (Recorded one : recorded) {
      List<String> used = cutIds(one.request().used(), idChars);
      @SuppressWarnings("unchecked")
      List<String> unknownIds = (List<String>) one.ack().get("unknown_ids");
      List<String> unknown = cutIds(unknownIds, idChars);
      cut |= !used.equals(one.request().used()) || !unknown.equals(unknownIds);
      Map<String, Object> event = new LinkedHashMap<>(); // in the order docs/MCP.md shows
      for (String key : List.of("event_id", "signal", "chunk_ids", "duplicate", "learnability")) {
        event.put(key, key.equals("chunk_ids") ? used : one.ack().get(key));
      }
      event.put("unknown_ids", unknown);
      events.add(event);
      if (Boolean.TRUE.equals(event.get("duplicate"))) {
        text.append("Already recorded under this key: an earlier call's event stands, and this"
            + " call stored nothing (it named ").append(shown(used)).append(").\n");
        continue;
      }
      text.append(String.format(Locale.ROOT, "Recorded %s (%s) for %s%s.\n",
          event.get("signal"), event.get("learnability"), shown(used),
          unknown.isEmpty() ? "" : "; unknown ids kept anyway: " + shown(unknown)));
    }
    String note = cut ? ResultBudget.note("chunk ids cut to " + idChars + " chars") : null;
    if (note != null) {
      text.append("trimmed: ").append(note).append('\n');
    }
    text.append(LearningStats.text(learned.store(), learned.weights(), learned.trust()));
    return RelearnTool.ok(text.toString(), new Body(context, events, learned.store(),
        learned.weights(), TrustViews.current(learned.trust()), note));
  }

  /** The structured content; {@code trimmed} only when an id was cut. */
  private record Body(String context, List<Map<String, Object>> events, Object stats,
      Object weights, Object trust, @JsonInclude(JsonInclude.Include.NON_NULL) String trimmed) {}

  /** {@code ids} for the text summary, each on the line ({@link OneLine}). */
  private static String shown(List<String> ids) {
    return String.join(", ", ids.stream().map(OneLine::quote).toList());
  }

  private static List<String> cutIds(List<String> ids, int chars) {
    return ids.stream().map(id -> ResultBudget.cut(id, chars)).toList();
  }

  private static Map<String, Object> keySchema() {
    return Schemas.prop("string", "Optional key: a retry with the same key is recorded once."
        + " Printable ASCII without spaces.", "maxLength", MAX_KEY_CHARS, "minLength", 1,
        "pattern", KEY_PATTERN.pattern());
  }

  /** {@code key} (null for none), once its characters match {@link #KEY_PATTERN}. */
  private static String checkKey(String key) {
    if (key != null && !KEY_PATTERN.matcher(key).matches()) {
      throw new IllegalArgumentException("'idempotency_key' must be 1 to " + MAX_KEY_CHARS
          + " printable ASCII characters without spaces, got: " + Arguments.quote(key));
    }
    return key;
  }
}
