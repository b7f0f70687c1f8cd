// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./utils/Test.sol";
import {BCNT} from "../src/BCNT.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

contract BCNTTest is Test {
    bytes32 private constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    uint256 private constant SUPPLY = 1_000_000_000 ether;

    BCNT internal token;
    address internal treasury;
    address internal alice;
    uint256 internal aliceKey;
    address internal bob;
    address internal carol;

    function setUp() public {
        treasury = makeAddr("treasury");
        (alice, aliceKey) = makeAddrAndKey("alice");
        bob = makeAddr("bob");
        carol = makeAddr("carol");
        token = new BCNT(treasury);
        vm.label(address(token), "BCNT");
        vm.warp(1_700_000_000);
    }

    // ------------------------------------------------------------------ helpers

    function _permitDigest(address owner, address spender, uint256 value, uint256 nonce, uint256 deadline)
        internal
        view
        returns (bytes32)
    {
        bytes32 structHash = keccak256(abi.encode(PERMIT_TYPEHASH, owner, spender, value, nonce, deadline));
        return keccak256(abi.encodePacked("\x19\x01", token.DOMAIN_SEPARATOR(), structHash));
    }

    function _signPermit(uint256 key, address owner, address spender, uint256 value, uint256 nonce, uint256 deadline)
        internal
        view
        returns (uint8 v, bytes32 r, bytes32 s)
    {
        return vm.sign(key, _permitDigest(owner, spender, value, nonce, deadline));
    }

    // ------------------------------------------------------------------ deployment

    function test_Metadata() public view {
        assertEq(token.name(), "Bincentive Token", "name");
        assertEq(token.symbol(), "BCNT", "symbol");
        assertEq(uint256(token.decimals()), 18, "decimals");
        assertEq(token.TOTAL_SUPPLY(), SUPPLY, "TOTAL_SUPPLY constant");
    }

    function test_MintsWholeSupplyToTreasury() public view {
        assertEq(token.totalSupply(), SUPPLY, "total supply is 1e9 tokens");
        assertEq(token.balanceOf(treasury), SUPPLY, "treasury holds the whole supply");
        assertEq(token.balanceOf(address(this)), 0, "deployer holds nothing");
    }

    function test_EmitsMintTransferOnDeploy() public {
        vm.expectEmit(true, true, false, true);
        emit IERC20.Transfer(address(0), alice, SUPPLY);
        new BCNT(alice);
    }

    function test_RevertWhen_TreasuryIsZero() public {
        vm.expectRevert(BCNT.BCNTZeroTreasury.selector);
        new BCNT(address(0));
    }

    function test_DomainSeparatorUsesNameAndVersion1() public view {
        bytes32 expected = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256(bytes("Bincentive Token")),
                keccak256(bytes("1")),
                block.chainid,
                address(token)
            )
        );
        assertEq(token.DOMAIN_SEPARATOR(), expected, "EIP-712 domain separator");
    }

    // ------------------------------------------------------------------ transfer

    function test_Transfer() public {
        vm.expectEmit(true, true, false, true, address(token));
        emit IERC20.Transfer(treasury, alice, 1_000 ether);
        vm.prank(treasury);
        bool ok = token.transfer(alice, 1_000 ether);

        assertTrue(ok, "transfer returns true");
        assertEq(token.balanceOf(alice), 1_000 ether, "recipient credited");
        assertEq(token.balanceOf(treasury), SUPPLY - 1_000 ether, "sender debited");
        assertEq(token.totalSupply(), SUPPLY, "supply unchanged");
    }

    function test_RevertWhen_TransferExceedsBalance() public {
        vm.prank(treasury);
        assertTrue(token.transfer(alice, 10 ether), "setup transfer");

        vm.expectRevert(
            abi.encodeWithSelector(IERC20Errors.ERC20InsufficientBalance.selector, alice, 10 ether, 11 ether)
        );
        vm.prank(alice);
        // forge-lint: disable-next-line(erc20-unchecked-transfer)
        token.transfer(bob, 11 ether);
    }

    function test_RevertWhen_TransferToZeroAddress() public {
        vm.expectRevert(abi.encodeWithSelector(IERC20Errors.ERC20InvalidReceiver.selector, address(0)));
        vm.prank(treasury);
        // forge-lint: disable-next-line(erc20-unchecked-transfer)
        token.transfer(address(0), 1 ether);
    }

    // ------------------------------------------------------------------ approve / transferFrom

    function test_ApproveAndTransferFrom() public {
        vm.expectEmit(true, true, false, true, address(token));
        emit IERC20.Approval(treasury, alice, 500 ether);
        vm.prank(treasury);
        assertTrue(token.approve(alice, 500 ether), "approve returns true");
        assertEq(token.allowance(treasury, alice), 500 ether, "allowance set");

        vm.prank(alice);
        assertTrue(token.transferFrom(treasury, bob, 200 ether), "transferFrom returns true");

        assertEq(token.balanceOf(bob), 200 ether, "recipient credited");
        assertEq(token.balanceOf(treasury), SUPPLY - 200 ether, "owner debited");
        assertEq(token.allowance(treasury, alice), 300 ether, "allowance reduced by the amount spent");
    }

    function test_InfiniteAllowanceIsNotReduced() public {
        vm.prank(treasury);
        token.approve(alice, type(uint256).max);

        vm.prank(alice);
        assertTrue(token.transferFrom(treasury, bob, 1 ether), "transferFrom returns true");

        assertEq(token.allowance(treasury, alice), type(uint256).max, "max allowance stays max");
    }

    function test_RevertWhen_TransferFromExceedsAllowance() public {
        vm.prank(treasury);
        token.approve(alice, 1 ether);

        vm.expectRevert(
            abi.encodeWithSelector(IERC20Errors.ERC20InsufficientAllowance.selector, alice, 1 ether, 2 ether)
        );
        vm.prank(alice);
        // forge-lint: disable-next-line(erc20-unchecked-transfer)
        token.transferFrom(treasury, bob, 2 ether);
    }

    // ------------------------------------------------------------------ permit (EIP-2612)

    function test_Permit() public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(aliceKey, alice, bob, 42 ether, 0, deadline);

        vm.expectEmit(true, true, false, true, address(token));
        emit IERC20.Approval(alice, bob, 42 ether);
        vm.prank(carol); // anyone may submit the signature
        token.permit(alice, bob, 42 ether, deadline, v, r, s);

        assertEq(token.allowance(alice, bob), 42 ether, "allowance set by permit");
        assertEq(token.nonces(alice), 1, "nonce bumped");
    }

    function test_PermitThenTransferFrom() public {
        vm.prank(treasury);
        assertTrue(token.transfer(alice, 100 ether), "setup transfer");

        uint256 deadline = block.timestamp;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(aliceKey, alice, bob, 60 ether, 0, deadline);
        token.permit(alice, bob, 60 ether, deadline, v, r, s);

        vm.prank(bob);
        assertTrue(token.transferFrom(alice, carol, 60 ether), "transferFrom returns true");

        assertEq(token.balanceOf(carol), 60 ether, "spender moved the permitted amount");
        assertEq(token.allowance(alice, bob), 0, "allowance used up");
    }

    function test_RevertWhen_PermitExpired() public {
        uint256 deadline = block.timestamp - 1;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(aliceKey, alice, bob, 1 ether, 0, deadline);

        vm.expectRevert(abi.encodeWithSelector(ERC20Permit.ERC2612ExpiredSignature.selector, deadline));
        token.permit(alice, bob, 1 ether, deadline, v, r, s);

        assertEq(token.nonces(alice), 0, "nonce untouched");
    }

    function test_RevertWhen_PermitSignedByWrongKey() public {
        (address mallory, uint256 malloryKey) = makeAddrAndKey("mallory");
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(malloryKey, alice, bob, 1 ether, 0, deadline);

        vm.expectRevert(abi.encodeWithSelector(ERC20Permit.ERC2612InvalidSigner.selector, mallory, alice));
        token.permit(alice, bob, 1 ether, deadline, v, r, s);

        assertEq(token.allowance(alice, bob), 0, "no allowance");
    }

    function test_RevertWhen_PermitFieldsDifferFromSigned() public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(aliceKey, alice, bob, 1 ether, 0, deadline);

        // Submitted with a larger value than was signed: the recovered signer is someone else.
        vm.expectPartialRevert(ERC20Permit.ERC2612InvalidSigner.selector);
        token.permit(alice, bob, 2 ether, deadline, v, r, s);
    }

    function test_RevertWhen_PermitReplayed() public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(aliceKey, alice, bob, 5 ether, 0, deadline);
        token.permit(alice, bob, 5 ether, deadline, v, r, s);

        // On replay the contract hashes nonce 1, so the same signature recovers to another address.
        address recoveredOnReplay = ecrecover(_permitDigest(alice, bob, 5 ether, 1, deadline), v, r, s);
        assertNotEq(recoveredOnReplay, alice, "replayed signature must not recover to the owner");

        vm.expectRevert(abi.encodeWithSelector(ERC20Permit.ERC2612InvalidSigner.selector, recoveredOnReplay, alice));
        token.permit(alice, bob, 5 ether, deadline, v, r, s);

        assertEq(token.nonces(alice), 1, "nonce bumped only once");
    }

    // ------------------------------------------------------------------ fuzz

    function testFuzz_Transfer(address to, uint256 amount) public {
        amount = bound(amount, 0, SUPPLY);
        // `to` is any non-zero address; mapping zero to a fixed one keeps every run (no assume).
        if (to == address(0)) to = carol;

        vm.prank(treasury);
        assertTrue(token.transfer(to, amount), "transfer returns true");

        if (to == treasury) {
            assertEq(token.balanceOf(treasury), SUPPLY, "self-transfer keeps the balance");
        } else {
            assertEq(token.balanceOf(to), amount, "recipient credited exactly");
            assertEq(token.balanceOf(treasury), SUPPLY - amount, "treasury debited exactly");
        }
        assertEq(token.totalSupply(), SUPPLY, "supply is conserved");
    }

    function testFuzz_TransferFrom(uint256 allowance, uint256 amount) public {
        allowance = bound(allowance, 1, SUPPLY);
        amount = bound(amount, 0, allowance);

        vm.prank(treasury);
        token.approve(alice, allowance);
        vm.prank(alice);
        assertTrue(token.transferFrom(treasury, bob, amount), "transferFrom returns true");

        assertEq(token.balanceOf(bob), amount, "recipient credited");
        uint256 expected = allowance == type(uint256).max ? allowance : allowance - amount;
        assertEq(token.allowance(treasury, alice), expected, "allowance reduced");
    }

    function testFuzz_Permit(uint256 value, uint256 deadline) public {
        deadline = bound(deadline, block.timestamp, type(uint256).max);
        uint256 nonce = token.nonces(alice);
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(aliceKey, alice, bob, value, nonce, deadline);

        token.permit(alice, bob, value, deadline, v, r, s);

        assertEq(token.allowance(alice, bob), value, "allowance equals the signed value");
        assertEq(token.nonces(alice), nonce + 1, "nonce bumped by one");
    }

    function testFuzz_RevertWhen_PermitExpired(uint256 value, uint256 deadline) public {
        deadline = bound(deadline, 0, block.timestamp - 1);
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(aliceKey, alice, bob, value, 0, deadline);

        vm.expectRevert(abi.encodeWithSelector(ERC20Permit.ERC2612ExpiredSignature.selector, deadline));
        token.permit(alice, bob, value, deadline, v, r, s);
    }
}
