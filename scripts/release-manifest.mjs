/**
 * The release fields of system.json, made from the GitHub repository ("owner/name") and the version
 * tag ("v0.2.0") at release time, so no URL is ever hard-coded in the repository. The development
 * system.json leaves url, manifest, download, bugs and changelog out (Foundry treats them as
 * optional) and names the licence by its path; a release build fills all of them.
 */

export class ReleaseError extends Error {}

const REPOSITORY = /^[A-Za-z0-9][A-Za-z0-9_.-]*\/[A-Za-z0-9_.-]+$/;

/** "v1.2.3" or "1.2.3" (with an optional pre-release such as "-rc.1") → "1.2.3". */
export function versionFromTag(tag) {
  const match = /^v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/.exec(tag ?? "");
  if (!match) throw new ReleaseError(`release tag "${tag}" is not a version such as v1.2.3`);
  return match[1];
}

/**
 * The manifest a release ships: the development one plus the release fields. Refuses a tag whose
 * version differs from the manifest's, so a release never carries two version numbers.
 */
export function releaseManifest(manifest, { repository, tag }) {
  if (!REPOSITORY.test(repository ?? "")) throw new ReleaseError(`release repository "${repository}" is not owner/name`);
  const version = versionFromTag(tag);
  if (manifest.version !== version) {
    throw new ReleaseError(`tag ${tag} says version ${version} but system.json says ${manifest.version}: bump system.json and package.json first`);
  }
  const home = `https://github.com/${repository}`;
  const { hotReload: _hotReload, ...flags } = manifest.flags ?? {};
  const released = {
    ...manifest,
    url: home,
    manifest: `${home}/releases/latest/download/system.json`,
    download: `${home}/releases/download/${tag}/fray.zip`,
    license: `${home}/blob/${tag}/LICENSE`,
    bugs: `${home}/issues`,
    changelog: `${home}/blob/${tag}/CHANGELOG.md`,
  };
  // Hot reload serves development only; a release has no source files for it to watch.
  if (Object.keys(flags).length) released.flags = flags;
  else delete released.flags;
  return released;
}

/** The release named by the environment (FRAY_RELEASE_REPOSITORY and FRAY_RELEASE_TAG), or null for a development build. */
export function releaseFromEnv(env = process.env) {
  const repository = env.FRAY_RELEASE_REPOSITORY;
  const tag = env.FRAY_RELEASE_TAG;
  if (!repository && !tag) return null;
  if (!repository || !tag) throw new ReleaseError("a release build needs both FRAY_RELEASE_REPOSITORY (owner/name) and FRAY_RELEASE_TAG (v1.2.3)");
  return { repository, tag };
}
