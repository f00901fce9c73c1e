package dev.relearn.server.mcp;

import dev.relearn.server.text.Arguments;
import dev.relearn.server.text.ErrorQuotes;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** One MCP tool over the engine: its declaration, its call, and how its results are built. */
abstract class RelearnTool {
  private final McpSchema.Tool tool;

  /** A tool that {@code tools/list} shows as {@code tool}. */
  RelearnTool(McpSchema.Tool tool) {
    this.tool = tool;
  }

  /**
   * A tool's declaration: an input of {@code input}'s properties and no others, {@code required}
   * among them; hints saying whether it only reads and whether repeating a call changes nothing
   * more (no tool destroys, or reaches outside the index); a description that ends with the
   * {@link ResultBudget}.
   */
  static McpSchema.Tool declare(String name, String title, String description,
      Map<String, Object> input, List<String> required, Map<String, Object> output,
      boolean readOnly, boolean idempotent) {
    return McpSchema.Tool.builder().name(name).title(title)
        .description(description + ResultBudget.DESCRIPTION)
        .inputSchema(new McpSchema.JsonSchema("object", input, required, false, null, null))
        .outputSchema(output)
        .annotations(new McpSchema.ToolAnnotations(title, readOnly, false, idempotent, false,
            null))
        .build();
  }

  /** The tool as {@code tools/list} shows it. */
  final McpSchema.Tool tool() {
    return tool;
  }

  /**
   * Runs the tool.
   *
   * @throws IllegalArgumentException for bad arguments
   */
  abstract CallToolResult call(Arguments args) throws IOException;

  /** The argument names the input schema declares. */
  final Set<String> argumentNames() {
    return new LinkedHashSet<>(tool().inputSchema().properties().keySet());
  }

  /** A successful result: {@code text} for people and models, {@code structured} for programs. */
  static CallToolResult ok(String text, Object structured) {
    return CallToolResult.builder().addTextContent(text).structuredContent(structured)
        .isError(false).build();
  }

  /** A tool error (not a protocol error) saying {@code message}, cut by {@link ErrorQuotes}. */
  static CallToolResult error(String message) {
    return CallToolResult.builder().addTextContent(ErrorQuotes.message(message)).isError(true)
        .build();
  }
}
