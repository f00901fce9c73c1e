/**
 * The MCP stdio server ({@code relearn mcp}) on the official MCP Java SDK: the tools {@code
 * search}, {@code search_all}, {@code record_feedback} and {@code set_context} over one open
 * {@link dev.relearn.engine.Relearn}. {@link dev.relearn.server.mcp.RelearnMcpServer} wires them
 * to a stdio transport; {@link dev.relearn.server.mcp.Contexts} remembers, per context, what the
 * searches showed, so that the engine's {@link dev.relearn.engine.UseClassifier} classifies
 * feedback very strong, strong, discovery or weak. Query
 * text lives only in memory for the live session; it is never written or logged.
 */
package dev.relearn.server.mcp;
