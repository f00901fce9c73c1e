package dev.relearn.server.mcp;

import dev.relearn.server.text.Arguments;
import dev.relearn.server.text.ErrorQuotes;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.Set;

/** One MCP tool over the engine: its declaration, its call, and how its results are built. */
abstract class RelearnTool {
  /** The tool as {@code tools/list} shows it. */
  abstract McpSchema.Tool tool();

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

  /** The text summary of {@code result}. */
  static String text(CallToolResult result) {
    return ((McpSchema.TextContent) result.content().get(0)).text();
  }

  /** A tool error (not a protocol error) saying {@code message}, cut by {@link ErrorQuotes}. */
  static CallToolResult error(String message) {
    return CallToolResult.builder().addTextContent(ErrorQuotes.message(message)).isError(true)
        .build();
  }
}
