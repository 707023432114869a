// The emulated RP2040 (npm rp2040js) with a flash that keeps what MicroPython writes.
//
// rp2040js drops flash writes made through its SSI model, so the boot ROM's
// flash_range_erase ('RE') and flash_range_program ('RP') start with a breakpoint here and
// the breakpoint does the work on `rp2040.flash`, then returns to the caller. Every write
// is also written to the flash file before the chip runs on: killing the process at any
// instant is a power cut that keeps exactly the flash written so far.
//
// With a journal, every erase and program is also appended to it, in order, with the
// emulated time, so the flash as it was at any instant of a run (or in the middle of any
// one operation) can be rebuilt afterwards (host_tools/pico_journal.py); marks (a note from
// the test, or a rising edge on the mark pin driven by code on the board) fall between them.
import { existsSync, openSync, readFileSync, writeSync } from "node:fs";
import { RP2040, USBCDC } from "rp2040js";

const FLASH_BASE = 0x10000000;
const BKPT_ERASE = 1;
const BKPT_PROGRAM = 2;
const UF2_MAGIC = [0x0a324655, 0x9e5d5157, 0x0ab16f30];
const CYCLE_NS = 1e9 / 125e6; // the 125 MHz system clock MicroPython sets
// A journal record: u32 kind, u32 offset (a mark: its number), u32 length, u32 0, f64
// emulated ms, then for a program the bytes written (host_tools/pico_journal.py reads it).
export const JOURNAL_ERASE = 0x45; // "E"
export const JOURNAL_PROGRAM = 0x50; // "P"
export const JOURNAL_MARK = 0x4d; // "M"

// Put BKPT #code on the first instruction of the ROM function with this two-letter code.
function patchRomFunction(rom, letters, code) {
  const half = (at) => rom[at] | (rom[at + 1] << 8);
  const want = letters.charCodeAt(0) | (letters.charCodeAt(1) << 8);
  for (let at = half(0x14); half(at) !== 0; at += 4) {
    if (half(at) === want) {
      const fn = half(at + 2) & ~1;
      rom[fn] = code;
      rom[fn + 1] = 0xbe;
      return;
    }
  }
  throw new Error(`boot ROM has no function '${letters}'`);
}

// The payloads of a UF2 file: [[flash offset, Uint8Array], ...].
export function uf2Blocks(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = [];
  for (let at = 0; at + 512 <= bytes.length; at += 512) {
    if (view.getUint32(at, true) !== UF2_MAGIC[0] || view.getUint32(at + 4, true) !== UF2_MAGIC[1]
        || view.getUint32(at + 508, true) !== UF2_MAGIC[2]) {
      throw new Error(`not a UF2 file (block at byte ${at})`);
    }
    const target = view.getUint32(at + 12, true);
    const size = view.getUint32(at + 16, true);
    out.push([target - FLASH_BASE, bytes.subarray(at + 32, at + 32 + size)]);
  }
  return out;
}

export class Chip {
  // romPath: the RP2040 boot ROM; flashPath: the flash image (made blank when missing);
  // uf2Path: a UF2 written over that flash first, as dragging it onto the Pico would;
  // journalPath: a file every flash operation from now on is appended to (made empty).
  constructor({ romPath, flashPath, uf2Path, journalPath }) {
    this.rp2040 = new RP2040();
    this.clock = this.rp2040.clock;
    this.rp2040.logger = { debug() {}, info() {}, warn() {}, error() {} };
    const rom = new Uint8Array(readFileSync(romPath));
    patchRomFunction(rom, "RE", BKPT_ERASE);
    patchRomFunction(rom, "RP", BKPT_PROGRAM);
    this.rp2040.loadBootrom(new Uint32Array(rom.buffer, rom.byteOffset, rom.length / 4));
    const flash = this.rp2040.flash;
    if (existsSync(flashPath)) flash.set(readFileSync(flashPath).subarray(0, flash.length));
    else flash.fill(0xff);
    this.fd = openSync(flashPath, existsSync(flashPath) ? "r+" : "w+");
    if (uf2Path) {
      for (const [offset, data] of uf2Blocks(readFileSync(uf2Path))) flash.set(data, offset);
    }
    this.save(0, flash.length);
    this.rp2040.onBreak = (code) => this.flashOp(code);
    this.rp2040.core.PC = FLASH_BASE;
    this.usb = new USBCDC(this.rp2040.usbCtrl);
    this.flashWrites = 0;
    this.marks = 0;
    this.journal = journalPath ? openSync(journalPath, "w") : null;
    this.waiters = [];
  }

  // Append one record to the journal (when there is one).
  log(kind, offset, length, data) {
    if (this.journal === null) return;
    const head = new DataView(new ArrayBuffer(24));
    head.setUint32(0, kind, true);
    head.setUint32(4, offset, true);
    head.setUint32(8, length, true);
    head.setFloat64(16, this.nanos / 1e6, true);
    writeSync(this.journal, new Uint8Array(head.buffer));
    if (data) writeSync(this.journal, data);
  }

  // A mark in the journal at this instant; returns its number (from 0).
  mark() {
    this.log(JOURNAL_MARK, this.marks, 0, null);
    return this.marks++;
  }

  // Each rising edge on GPIO `pin` (driven by code on the board) is a mark.
  markOnPin(pin) {
    let level = 0;
    this.rp2040.gpio[pin].addListener((state) => {
      if (state === 1 && level === 0) this.mark();
      if (state === 0 || state === 1) level = state;
    });
  }

  save(offset, length) {
    writeSync(this.fd, this.rp2040.flash, offset, length, offset);
  }

  flashOp(code) {
    const { core, flash } = this.rp2040;
    const [r0, r1, r2] = core.registers;
    if (code === BKPT_ERASE) {
      flash.fill(0xff, r0, r0 + r1);
      this.save(r0, r1);
      this.log(JOURNAL_ERASE, r0, r1, null);
    } else if (code === BKPT_PROGRAM) {
      for (let i = 0; i < r2; i++) flash[r0 + i] = this.rp2040.readUint8(r1 + i);
      this.save(r0, r2);
      this.log(JOURNAL_PROGRAM, r0, r2, flash.subarray(r0, r0 + r2));
    } else {
      throw new Error(`breakpoint #${code} hit at 0x${core.PC.toString(16)}`);
    }
    this.flashWrites++;
    core.PC = core.LR & ~1;
  }

  get nanos() {
    return this.clock.nanos;
  }

  // Run for good, in slices, giving Node's event loop (sockets, commands) a turn between
  // them; the process ends with the power.
  run() {
    const step = () => {
      const { core } = this.rp2040;
      const clock = this.clock;
      for (let i = 0; i < 200000; i++) {
        if (core.waiting) {
          const skip = clock.nanosToNextAlarm;
          clock.tick(skip);
          i += skip / CYCLE_NS;
        } else {
          clock.tick(core.executeInstruction() * CYCLE_NS);
        }
      }
      this.wake();
      setImmediate(step);
    };
    setImmediate(step);
  }

  // Resolve when the emulated clock has reached `nanos`.
  until(nanos) {
    return new Promise((resolve) => {
      this.waiters.push([nanos, resolve]);
      this.wake();
    });
  }

  wake() {
    const now = this.clock.nanos;
    const due = this.waiters.filter(([t]) => t <= now);
    this.waiters = this.waiters.filter(([t]) => t > now);
    for (const [, resolve] of due) resolve();
  }
}
