import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey held in the test's memory (an ES256 key pair), answering WebAuthn ceremonies as a
 * platform authenticator would, without attestation ("none"): how the services' passkey calls are
 * tested without a browser. Chromium's virtual authenticator covers the browser's side end to end.
 */
export class SoftPasskey {
  readonly id = randomBytes(16).toString('base64url');
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private counter = 0;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {}

  /** The public key as a COSE_Key (EC2, ES256, P-256), as an authenticator reports it. */
  cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x as string, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y as string, 'base64url'))],
      ]),
    );
  }

  /** navigator.credentials.create's answer to registration options' `challenge`, as @simplewebauthn/browser hands it over. */
  register(challenge: string) {
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge, origin: this.origin, crossOrigin: false }));
    const credentialId = Buffer.from(this.id, 'base64url');
    // Flags: user present, user verified, attested credential data.
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([0x45]), uint(0, 4), Buffer.alloc(16), uint(credentialId.length, 2), credentialId, Buffer.from(this.cosePublicKey())]);
    const attestationObject = isoCBOR.encode(new Map<string, string | Map<string, string> | Uint8Array>([['fmt', 'none'], ['attStmt', new Map<string, string>()], ['authData', new Uint8Array(authData)]]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON: clientDataJSON.toString('base64url'), attestationObject: Buffer.from(attestationObject).toString('base64url'), transports: ['internal'] },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get's answer to `challenge`: the signature over the authenticator data and the client data's hash. */
  assert(challenge: string, origin = this.origin) {
    this.counter += 1;
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }));
    const authenticatorData = Buffer.concat([sha256(this.rpId), Buffer.from([0x05]), uint(this.counter, 4)]);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON: clientDataJSON.toString('base64url'), authenticatorData: authenticatorData.toString('base64url'), signature: signature.toString('base64url') },
      clientExtensionResults: {},
    };
  }
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest();

function uint(value: number, bytes: 2 | 4): Buffer {
  const buffer = Buffer.alloc(bytes);
  if (bytes === 2) buffer.writeUInt16BE(value);
  else buffer.writeUInt32BE(value);
  return buffer;
}
