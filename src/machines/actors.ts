import { useActorRef } from '@xstate/react';
import { createActor, type Actor, type ActorOptions, type AnyActorLogic } from 'xstate';
import { currentInspector } from './inspector';

/**
 * The one place where the web app creates actors (a lint rule forbids `createActor`,
 * `useActorRef`, `useMachine` and `createActorContext` anywhere else). Each actor gets a
 * readable id, which is its name in the Stately inspector, and the inspector when it is on
 * (`./inspector.ts`). Children a machine spawns belong to the same actor system, so the
 * inspector sees them too, under the ids their parents give them.
 */
export interface AppActorOptions<TLogic extends AnyActorLogic> {
  /** The actor's name in the inspector: the flow, and what it is for (`trade:BTCUSDT`). */
  id: string;
  input?: ActorOptions<TLogic>['input'];
}

function actorOptions<TLogic extends AnyActorLogic>(
  options: AppActorOptions<TLogic>,
): ActorOptions<TLogic> {
  if (options.id.trim() === '') throw new Error('every actor needs a readable id');
  const inspect = currentInspector();
  return inspect ? { ...options, inspect } : { ...options };
}

/** A component's actor: started on mount, stopped on unmount (`useActorRef`). */
export function useAppActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options: AppActorOptions<TLogic>,
): Actor<TLogic> {
  // useActorRef's own signature requires `input` for logic that needs one; the options
  // built here carry it whenever the caller's logic does.
  return useActorRef(logic, actorOptions(options) as never) as Actor<TLogic>;
}

/** An actor that lives outside React (the app-wide auth actor); the caller starts it. */
export function createAppActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options: AppActorOptions<TLogic>,
): Actor<TLogic> {
  return createActor(logic, actorOptions(options) as never) as Actor<TLogic>;
}
