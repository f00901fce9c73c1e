package dev.relearn.server.mcp;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.server.text.Arguments;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.List;
import java.util.Map;

/**
 * {@code set_context}: makes a context current, so that the searches and feedback that follow
 * are attributed to it (its id is the session id feedback is recorded under, hashed). Takes only
 * an id and an optional path prefix: no task text is kept.
 */
final class SetContextTool extends RelearnTool {
  /** The tool's name. */
  static final String NAME = "set_context";

  private final Contexts contexts;

  SetContextTool(Contexts contexts) {
    super(declaration());
    this.contexts = contexts;
  }

  private static McpSchema.Tool declaration() {
    Map<String, Object> input = Schemas.props(
        "context", SessionContext.schema("A context (session) id of your choice, e.g. one per"
            + " task. Returning to an id resumes that context, and its path_prefix unless"
            + " one is given. \"default\" is reserved: it names the context calls start in,"
            + " shared by every call that names none."),
        "path_prefix", Schemas.text("Optional: the context's searches only return"
            + " chunks whose path starts so, e.g. docs/ (paths begin with the indexed folder's"
            + " name; \"\" lifts it; search_all ignores it).",
            SearchRequest.MAX_PATH_PREFIX_CHARS));
    Map<String, Object> output = Schemas.output(Schemas.props(
        "context", Schemas.prop("string", null),
        "path_prefix", Schemas.prop(List.of("string", "null"), null),
        "remembered_searches", Schemas.prop("integer", "Searches this context remembers")));
    return declare(NAME, "Set the context", "Start or resume a context (session), e.g. one per"
        + " task: the searches and feedback that follow are attributed to it, and feedback is"
        + " classified by what its searches showed. Keeps only the id and the optional path"
        + " prefix.", input, List.of("context"), output, false, true);
  }

  /** The structured content: the context made current. */
  @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
  private record Current(String context, String pathPrefix, int rememberedSearches) {}

  @Override
  CallToolResult call(Arguments args) {
    String id = args.blankable("context", SessionContext.MAX_ID_CHARS);
    if (id == null) {
      throw new IllegalArgumentException("'context' is required (a non-blank id)");
    }
    String prefix = args.blankable("path_prefix", SearchRequest.MAX_PATH_PREFIX_CHARS);
    SessionContext context = args.has("path_prefix") ? contexts.set(id, prefix)
        : contexts.resume(id);
    var body = new Current(context.id(), context.pathPrefix(), context.size());
    String under = context.pathPrefix() == null ? "" : "; its searches stay under "
        + context.pathPrefix();
    boolean reserved = context.id().equals(Contexts.DEFAULT_ID);
    return RelearnTool.ok("Context " + context.id() + " is current" + (reserved ? ": the"
        + " context calls start in, shared by every call that names none, not a task's own" : "")
        + under + ". Searches and feedback are attributed to it" + (reserved ? "; pick another id"
        + " for a task." : "."), body);
  }
}
