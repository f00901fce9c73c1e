/**
 * Serving relearn to agents and tools: an MCP stdio server ({@code mcp}), an HTTP JSON API with a
 * feedback dashboard ({@code http}). Both sit on the engine's public API and add no ranking logic.
 */
package dev.relearn.server;
