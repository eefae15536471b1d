/** Where each browser keeps the user's choice of the alarm sound (on unless turned off). */
const SOUND_KEY = 'railserve.alarmSound';

export const alarmSoundOn = () => {
  try {
    return localStorage.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
};

export const setAlarmSoundOn = (on: boolean) => {
  try {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the choice lasts as long as the page.
  }
};

let context: AudioContext | undefined;

/**
 * Two short high tones, generated with the Web Audio API (no sound file to load). Silent when the
 * browser has no Web Audio or has not allowed sound yet (no user gesture on the page).
 */
export function playAlarmTone() {
  const Context = globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    if (context.state === 'suspended') void context.resume().catch(() => {});
    const start = context.currentTime;
    for (const offset of [0, 0.25]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.18);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.2);
    }
  } catch {
    // A browser that refuses sound: the on-screen notification still shows.
  }
}
