import ts from 'typescript';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
const root = process.cwd();
function files(dir){ try{ return readdirSync(dir).flatMap(n=>{const f=path.join(dir,n); if(n==='node_modules'||n==='dist')return[]; if(statSync(f).isDirectory())return files(f); return /\.ts$/.test(n)&&!/\.(spec|int-spec)\.ts$|\.d\.ts$/.test(n)?[f]:[];}); }catch{return[]} }
const all=[]; for (const top of ['apps','libs']) for (const p of readdirSync(top)) all.push(...files(path.join(top,p,'src')));
for (const f of all){ const sf=ts.createSourceFile(f,readFileSync(f,'utf8'),ts.ScriptTarget.Latest,true);
 const visit=n=>{ if(ts.isClassDeclaration(n)){ const c=n.members.find(ts.isConstructorDeclaration); const decs=(ts.getDecorators(n)??[]).map(d=>d.expression.getText(sf).split('(')[0]); if(c&&c.parameters.length>=7) console.log(c.parameters.length, n.name?.text, f, decs.join(',')); } ts.forEachChild(n,visit); }; visit(sf);}
