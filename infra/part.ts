// The stack is built from a few parts (storage, functions, HTTP API, site, alarms). A part groups
// resources in the construct tree without renaming them: their CloudFormation logical ids are the ones
// they had when the stack created them itself, so splitting the stack replaced nothing deployed.
import { Names, type CfnElement } from 'aws-cdk-lib';
import { Construct } from 'constructs';

export abstract class Part extends Construct {}

/**
 * The logical id `element` would get if no part stood between it and `stack`: the ids of its other
 * scopes, run through CDK's own naming (Names.uniqueId) on a detached copy of that path.
 */
export function logicalIdWithoutParts(stack: Construct, element: CfnElement): string {
  const below = element.node.scopes.slice(stack.node.scopes.length).filter((scope) => !(scope instanceof Part));
  let shadow = new Construct(undefined as unknown as Construct, '');
  for (const scope of below) shadow = new Construct(shadow, scope.node.id);
  return Names.uniqueId(shadow);
}
