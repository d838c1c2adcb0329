/** The device id of the silent device sign-in (docs/spec.md section 4), persisted. */
import { proxy } from 'valtio/vanilla';
import { DEVICE_ID_PATTERN, newDeviceId } from '../../contract/protocol/ids.ts';

export const deviceState = proxy<{ deviceId: string | null }>({ deviceId: null });

/** The stored id, or null when there is none or it is not a valid device id. */
export const storedDeviceId = (): string | null => {
  const id = deviceState.deviceId;
  return id && DEVICE_ID_PATTERN.test(id) ? id : null;
};

/** Generates a fresh 24-character id, stores it and returns it. */
export function createDeviceId(): string {
  const id = newDeviceId();
  deviceState.deviceId = id;
  return id;
}

/** Forgets the id: the next start registers this device as a new guest. */
export function forgetDeviceId(): void {
  deviceState.deviceId = null;
}
