/**
 * An index's configuration: {@code relearn.json} in the index folder, bound as written to {@link
 * dev.relearn.engine.config.RelearnConfig} (every default in its {@code DEFAULTS}), with {@code
 * RELEARN_*} overrides; {@link dev.relearn.engine.config.ConfigLoader} refuses a misspelt key.
 */
package dev.relearn.engine.config;
