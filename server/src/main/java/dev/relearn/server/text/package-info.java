/**
 * Text rules shared by the HTTP API and the MCP server: strict UTF-8 decoding of what clients
 * send ({@link dev.relearn.server.text.StrictUtf8}).
 */
package dev.relearn.server.text;
