import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import type { IDeployment as Deployment } from 'kubernetes-models/apps/v1';
import type { IHorizontalPodAutoscaler as HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import type { IJob as Job } from 'kubernetes-models/batch/v1';
import type { IIngress as Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import type { IPodDisruptionBudget as PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import type {
  IConfigMap as ConfigMap,
  IContainer as Container,
  IEnvVar as EnvVar,
  IPodSpec as PodSpec,
  IService as Service,
} from 'kubernetes-models/v1';
import { BACKEND_SERVICES, DEFAULT_PORTS, SERVICES, type ServiceName } from '@tourly/contracts';

// Renders every overlay as an operator would apply it (`kubectl kustomize`, no cluster), validates each object against
// the Kubernetes API's schema (kubernetes-models), then checks what an operator relies on. infra/k8s/README.md.

const K8S = path.join(__dirname, '..');
const OVERLAYS = readdirSync(path.join(K8S, 'overlays'));

interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
}

function render(overlay: string): KubeObject[] {
  let output: string;
  try {
    output = execFileSync('kubectl', ['kustomize', path.join(K8S, 'overlays', overlay)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error("kubectl not found: install it (Debian's kubernetes-client, as .ci/run does)");
    throw error;
  }
  return parseAllDocuments(output).map((document) => document.toJS() as KubeObject);
}

type Model = new (data: object) => { validate(): void };

/** The schema's complaint about an object, or undefined when it is valid. */
async function schemaErrors(object: KubeObject): Promise<string | undefined> {
  let models: Record<string, Model>;
  try {
    // The package lays its models out by API version and kind, as apiVersion spells them (apps/v1/Deployment).
    models = (await import(`kubernetes-models/${object.apiVersion}/${object.kind}`)) as Record<string, Model>;
  } catch {
    return `no schema for ${object.apiVersion} ${object.kind}`;
  }
  try {
    new models[object.kind](object).validate();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

// Named like a secret: its value must come from a Secret. The public keys pages carry are settings.
const SECRET_NAME = /SECRET|TOKEN|PASSWORD|_KEY$|_KEY_ID$|^DATABASE_URL$/;
const PUBLIC_KEYS = new Set(['STRIPE_PUBLISHABLE_KEY', 'CAPTCHA_SITE_KEY', 'MATTERPORT_SDK_KEY']);
const looksSecret = (name: string) => SECRET_NAME.test(name) && !PUBLIC_KEYS.has(name);

/** Secrets each service cannot run without (its image's defaults are placeholders or there are none). */
const REQUIRED_SECRETS: Record<ServiceName, string[]> = {
  gateway: ['INTERNAL_TOKEN_SECRET'],
  identity: ['INTERNAL_TOKEN_SECRET', 'DATABASE_URL', 'MATTERPORT_TOKEN_KEY'],
  billing: [
    'INTERNAL_TOKEN_SECRET',
    'DATABASE_URL',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_CONNECT_WEBHOOK_SECRET',
  ],
  properties: ['INTERNAL_TOKEN_SECRET', 'DATABASE_URL'],
  orders: ['INTERNAL_TOKEN_SECRET', 'DATABASE_URL'],
};

const podSpecOf = (workload: Deployment | Job): PodSpec => workload.spec!.template.spec!;
const containersOf = (workload: Deployment | Job): Container[] => podSpecOf(workload).containers;
const envOf = (container: Container, name: string): EnvVar | undefined =>
  container.env?.find((variable) => variable.name === name);

/** The container port a probe or a Service's targetPort names (by name or by number). */
function portNumber(container: Container, port: string | number): number | undefined {
  return typeof port === 'number' ? port : container.ports?.find((p) => p.name === port)?.containerPort;
}

const selects = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

describe.each(OVERLAYS)('Kubernetes manifests, overlay %s', (overlay) => {
  const objects = render(overlay);
  const all = <T>(kind: string) => objects.filter((o) => o.kind === kind) as unknown as T[];
  const named = <T>(kind: string, name: string): T => {
    const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
    if (!found) throw new Error(`no ${kind} ${name} in overlay ${overlay}`);
    return found as unknown as T;
  };
  const deployments = all<Deployment>('Deployment');
  const jobs = all<Job>('Job');
  const workloads = [...deployments, ...jobs];

  it('renders only objects valid against the Kubernetes API schema', async () => {
    expect(objects.length).toBeGreaterThan(0);
    const results = await Promise.all(
      objects.map(async (o) => ({ object: `${o.kind} ${o.metadata.name}`, errors: await schemaErrors(o) })),
    );
    const invalid = results.filter((result) => result.errors !== undefined);
    expect(invalid).toEqual([]);
  });

  it.each(SERVICES)('runs %s as a Deployment probed on /readyz and kept alive by its port', (service) => {
    const [container] = containersOf(named<Deployment>('Deployment', service));
    const port = DEFAULT_PORTS[service];
    expect(envOf(container, 'PORT')?.value).toBe(String(port));
    expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
    expect(portNumber(container, container.readinessProbe!.httpGet!.port)).toBe(port);
    if (service === 'gateway') {
      // Its /healthz follows every service: liveness must not restart the gateways for a service's trouble.
      expect(container.livenessProbe?.httpGet).toBeUndefined();
      expect(portNumber(container, container.livenessProbe!.tcpSocket!.port)).toBe(port);
    } else {
      expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
      expect(portNumber(container, container.livenessProbe!.httpGet!.port)).toBe(port);
    }
  });

  it('asks CPU and memory for every container and caps its memory', () => {
    for (const workload of workloads)
      for (const container of containersOf(workload)) {
        const where = `${workload.kind} ${workload.metadata!.name}`;
        expect({ where, cpu: container.resources?.requests?.cpu }).toEqual({ where, cpu: expect.anything() });
        expect({ where, memory: container.resources?.requests?.memory }).toEqual({
          where,
          memory: expect.anything(),
        });
        expect({ where, limit: container.resources?.limits?.memory }).toEqual({
          where,
          limit: expect.anything(),
        });
      }
  });

  it('runs every pod as a non-root user on a read-only root filesystem, with /tmp writable', () => {
    for (const workload of workloads) {
      const pod = podSpecOf(workload);
      const where = `${workload.kind} ${workload.metadata!.name}`;
      expect({ where, nonRoot: pod.securityContext?.runAsNonRoot }).toEqual({ where, nonRoot: true });
      // The image's user is a name (node); Kubernetes can check only a number against runAsNonRoot.
      expect({ where, uid: pod.securityContext?.runAsUser }).toEqual({ where, uid: 1000 });
      for (const container of pod.containers) {
        expect({ where, readOnly: container.securityContext?.readOnlyRootFilesystem }).toEqual({
          where,
          readOnly: true,
        });
        const tmp = container.volumeMounts?.find((mount) => mount.mountPath === '/tmp');
        const volume = pod.volumes?.find((v) => v.name === tmp?.name);
        expect({ where, tmp: volume?.emptyDir }).toEqual({ where, tmp: expect.anything() });
      }
    }
  });

  it.each(SERVICES)(
    'gives %s a disruption budget and a CPU autoscaler that owns its replica count',
    (service) => {
      const deployment = named<Deployment>('Deployment', service);
      const podLabels = deployment.spec!.template.metadata!.labels;
      // A count in the manifest would reset the autoscaler's on every apply.
      expect(deployment.spec!.replicas).toBeUndefined();

      const budgets = all<PodDisruptionBudget>('PodDisruptionBudget').filter((pdb) =>
        selects(pdb.spec!.selector!.matchLabels!, podLabels),
      );
      expect(budgets).toHaveLength(1);
      // The budget counts the service's pods only, never its migration Job's.
      for (const job of jobs)
        expect(selects(budgets[0].spec!.selector!.matchLabels!, job.spec!.template.metadata!.labels)).toBe(
          false,
        );

      const autoscaler = named<HorizontalPodAutoscaler>('HorizontalPodAutoscaler', service);
      expect(autoscaler.spec!.scaleTargetRef).toEqual({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        name: service,
      });
      expect(autoscaler.spec!.metrics).toContainEqual({
        type: 'Resource',
        resource: { name: 'cpu', target: expect.objectContaining({ type: 'Utilization' }) },
      });
      expect(autoscaler.spec!.minReplicas).toBeGreaterThanOrEqual(1);
      expect(autoscaler.spec!.maxReplicas).toBeGreaterThanOrEqual(autoscaler.spec!.minReplicas!);
    },
  );

  it('migrates no schema at boot: one Job per service runs `migrate` with the release its Deployment runs', () => {
    for (const deployment of deployments) {
      const [container] = containersOf(deployment);
      if (envOf(container, 'DATABASE_URL'))
        expect({
          deployment: deployment.metadata!.name,
          atBoot: envOf(container, 'MIGRATIONS_AT_BOOT')?.value,
        }).toEqual({ deployment: deployment.metadata!.name, atBoot: 'false' });
    }
    const migrated = jobs.map((job) => {
      const [container] = containersOf(job);
      const service = BACKEND_SERVICES.find(
        (s) =>
          JSON.stringify(container.command) ===
          JSON.stringify(['node', `services/${s}/dist/main.js`, 'migrate']),
      );
      expect({ job: job.metadata!.name, service }).toEqual({
        job: job.metadata!.name,
        service: expect.any(String),
      });
      const [serviceContainer] = containersOf(named<Deployment>('Deployment', service!));
      expect(container.image).toBe(serviceContainer.image);
      expect(envOf(container, 'DATABASE_URL')).toEqual(envOf(serviceContainer, 'DATABASE_URL'));
      return service;
    });
    expect([...migrated].sort()).toEqual([...BACKEND_SERVICES].sort());
  });

  it("applies, in a release's first step, the Jobs and what they read, and no service", () => {
    // README.md, "A release": kubectl apply -l 'app.kubernetes.io/component in (settings, migrations)'
    const firstStep = objects.filter((o) =>
      ['settings', 'migrations'].includes(o.metadata.labels?.['app.kubernetes.io/component'] ?? ''),
    );
    expect(firstStep.filter((o) => o.kind === 'Job')).toHaveLength(jobs.length);
    expect(firstStep.filter((o) => o.kind === 'Deployment')).toEqual([]);
    for (const job of jobs)
      for (const source of containersOf(job).flatMap((container) => container.envFrom ?? []))
        expect(firstStep.map((o) => `${o.kind} ${o.metadata.name}`)).toContain(
          `ConfigMap ${source.configMapRef!.name}`,
        );
  });

  it('takes every secret from a Secret, never from a literal or a ConfigMap', () => {
    for (const workload of workloads)
      for (const container of containersOf(workload))
        for (const variable of container.env ?? [])
          if (looksSecret(variable.name))
            expect({ where: `${workload.metadata!.name} ${variable.name}`, value: variable.value }).toEqual({
              where: `${workload.metadata!.name} ${variable.name}`,
              value: undefined,
            });
    for (const configMap of all<ConfigMap>('ConfigMap'))
      expect(Object.keys(configMap.data ?? {}).filter(looksSecret)).toEqual([]);

    for (const service of SERVICES) {
      const [container] = containersOf(named<Deployment>('Deployment', service));
      for (const name of REQUIRED_SECRETS[service]) {
        const reference = envOf(container, name)?.valueFrom?.secretKeyRef;
        expect({ service, name, secret: reference?.name, optional: reference?.optional }).toEqual({
          service,
          name,
          secret: expect.any(String),
          optional: undefined,
        });
      }
    }
  });

  it('exposes the gateway alone, through a Service and an Ingress, and wires it to each service', () => {
    const gateway = named<Deployment>('Deployment', 'gateway');
    const [container] = containersOf(gateway);
    const gatewayService = named<Service>('Service', 'gateway');
    expect(selects(gatewayService.spec!.selector!, gateway.spec!.template.metadata!.labels)).toBe(true);
    expect(portNumber(container, gatewayService.spec!.ports![0].targetPort!)).toBe(DEFAULT_PORTS.gateway);

    const ingresses = all<Ingress>('Ingress');
    expect(ingresses.length).toBeGreaterThan(0);
    for (const ingress of ingresses)
      for (const rule of ingress.spec!.rules!) {
        expect(rule.host).toEqual(expect.any(String));
        for (const { backend } of rule.http!.paths) expect(backend.service!.name).toBe('gateway');
      }

    // The gateway's upstream URLs name each service's Service and port.
    for (const service of BACKEND_SERVICES) {
      const url = new URL(envOf(container, `${service.toUpperCase()}_URL`)!.value!);
      const target = named<Service>('Service', url.hostname);
      expect(target.spec!.type ?? 'ClusterIP').toBe('ClusterIP');
      expect(target.spec!.ports!.map((p) => p.port)).toContain(Number(url.port));
      expect(
        selects(
          target.spec!.selector!,
          named<Deployment>('Deployment', service).spec!.template.metadata!.labels,
        ),
      ).toBe(true);
    }
  });

  it("keeps as many copies of the event stream as the NATS chart's values run servers", () => {
    const values = parse(readFileSync(path.join(K8S, 'nats', 'values.yaml'), 'utf8')) as {
      config: {
        cluster: { enabled: boolean; replicas: number };
        jetstream: { fileStore: { enabled: boolean } };
      };
    };
    expect(values.config.cluster.enabled).toBe(true);
    expect(values.config.jetstream.fileStore.enabled).toBe(true);
    for (const configMap of all<ConfigMap>('ConfigMap'))
      expect(configMap.data?.EVENTS_STREAM_REPLICAS).toBe(String(values.config.cluster.replicas));
  });
});
